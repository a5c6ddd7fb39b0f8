import { and, eq, notInArray, sql, sum } from 'drizzle-orm';
import { commissions, conversions, dailyRollups } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import { REVERSAL_STATES } from './states';

type Conv = typeof conversions.$inferSelect;
type Row = { currency: string; leads: number; sales: number; revenue: number; commissions: number };
/** A conversion's share of the rollups: one row per currency it touches (its own; a flat rule's, if other). */
export type Contribution = { day: string; campaignId: string; affiliateId: string; rows: Row[] };

const dayIn = (ts: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

/**
 * What one conversion adds to the daily rollups in its current state. Reports read rollups, so
 * every change to a conversion applies (after − before): correct under refunds, reversals and
 * re-attribution without rescanning anything. Test conversions contribute nothing. Money is kept
 * per currency: the sale's row holds its counts and revenue, and its commissions are added to the
 * row of their own currency (a flat rule may pay in the program's currency, not the sale's).
 */
export async function contributionOf({ ctx, conv, timeZone }: { ctx: WorkspaceCtx; conv: Conv; timeZone: string }): Promise<Contribution | null> {
  if (conv.isTest) return null;
  const live = !REVERSAL_STATES.has(conv.status);
  const earned = await ctx.db
    .select({ currency: commissions.currency, total: sum(commissions.amount) })
    .from(commissions)
    .where(and(eq(commissions.conversionId, conv.id), notInArray(commissions.status, ['reversed', 'denied'])))
    .groupBy(commissions.currency);
  const own: Row = {
    currency: conv.currency,
    leads: live && conv.type === 'lead' ? 1 : 0,
    sales: live && conv.type === 'sale' ? 1 : 0,
    revenue: live && conv.type === 'sale' ? conv.amount - conv.refundedAmount : 0,
    commissions: 0,
  };
  const rows = [own];
  for (const e of earned) {
    const total = Number(e.total ?? 0);
    const row = rows.find((r) => r.currency === e.currency);
    if (row) row.commissions += total;
    else rows.push({ currency: e.currency, leads: 0, sales: 0, revenue: 0, commissions: total });
  }
  return { day: dayIn(conv.ts, timeZone), campaignId: conv.campaignId, affiliateId: conv.affiliateId, rows };
}

async function add(ctx: WorkspaceCtx, c: Contribution, sign: 1 | -1) {
  for (const r of c.rows) {
    const v = { leads: sign * r.leads, sales: sign * r.sales, revenue: sign * r.revenue, commissions: sign * r.commissions };
    await ctx.db
      .insert(dailyRollups)
      .values({ workspaceId: ctx.workspaceId, day: c.day, campaignId: c.campaignId, affiliateId: c.affiliateId, currency: r.currency, ...v })
      .onConflictDoUpdate({
        target: [dailyRollups.workspaceId, dailyRollups.day, dailyRollups.campaignId, dailyRollups.affiliateId, dailyRollups.currency],
        set: {
          leads: sql`${dailyRollups.leads} + ${v.leads}`,
          sales: sql`${dailyRollups.sales} + ${v.sales}`,
          revenue: sql`${dailyRollups.revenue} + ${v.revenue}`,
          commissions: sql`${dailyRollups.commissions} + ${v.commissions}`,
        },
      });
  }
}

export async function applyContribution({ ctx, before, after }: { ctx: WorkspaceCtx; before: Contribution | null; after: Contribution | null }) {
  if (before) await add(ctx, before, -1);
  if (after) await add(ctx, after, 1);
}
