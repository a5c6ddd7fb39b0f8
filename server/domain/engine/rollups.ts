import { and, eq, notInArray, sql, sum } from 'drizzle-orm';
import { commissions, conversions, dailyRollups } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { REVERSAL_STATES } from './states';

type Conv = typeof conversions.$inferSelect;
export type Contribution = { day: string; campaignId: string; affiliateId: string; leads: number; sales: number; revenue: number; commissions: number };

const dayIn = (ts: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

/**
 * What one conversion adds to the daily rollups in its current state. Reports read rollups, so
 * every change to a conversion applies (after − before): correct under refunds, reversals and
 * re-attribution without rescanning anything. Test conversions contribute nothing.
 */
export async function contributionOf(ctx: WorkspaceCtx, conv: Conv, timeZone: string): Promise<Contribution | null> {
  if (conv.isTest) return null;
  const live = !REVERSAL_STATES.has(conv.status);
  const [c] = await ctx.db
    .select({ total: sum(commissions.amount) })
    .from(commissions)
    .where(and(eq(commissions.conversionId, conv.id), notInArray(commissions.status, ['reversed', 'denied'])));
  return {
    day: dayIn(conv.ts, timeZone),
    campaignId: conv.campaignId,
    affiliateId: conv.affiliateId,
    leads: live && conv.type === 'lead' ? 1 : 0,
    sales: live && conv.type === 'sale' ? 1 : 0,
    revenue: live && conv.type === 'sale' ? conv.amount - conv.refundedAmount : 0,
    commissions: Number(c?.total ?? 0),
  };
}

async function add(ctx: WorkspaceCtx, c: Contribution, sign: 1 | -1) {
  const v = { leads: sign * c.leads, sales: sign * c.sales, revenue: sign * c.revenue, commissions: sign * c.commissions };
  await ctx.db
    .insert(dailyRollups)
    .values({ workspaceId: ctx.workspaceId, day: c.day, campaignId: c.campaignId, affiliateId: c.affiliateId, ...v })
    .onConflictDoUpdate({
      target: [dailyRollups.workspaceId, dailyRollups.day, dailyRollups.campaignId, dailyRollups.affiliateId],
      set: {
        leads: sql`${dailyRollups.leads} + ${v.leads}`,
        sales: sql`${dailyRollups.sales} + ${v.sales}`,
        revenue: sql`${dailyRollups.revenue} + ${v.revenue}`,
        commissions: sql`${dailyRollups.commissions} + ${v.commissions}`,
      },
    });
}

export async function applyContribution(ctx: WorkspaceCtx, before: Contribution | null, after: Contribution | null) {
  if (before) await add(ctx, before, -1);
  if (after) await add(ctx, after, 1);
}
