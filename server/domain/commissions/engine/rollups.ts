import { and, eq, isNull, notInArray, sum } from 'drizzle-orm';
import { commissions, conversions, rollupDeltas } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import { newId } from '../../../lib/ids';
import { dayIn } from '../../reports/range';
import { isVoidCommission, REVERSAL_STATES, VOID_COMMISSION_STATES } from './states';

type Conv = typeof conversions.$inferSelect;
type Commission = typeof commissions.$inferSelect;
type Row = { currency: string; leads: number; sales: number; revenue: number; commissions: number };
/** A conversion's share of the rollups: one row per currency it touches (its own; a flat rule's, if other). */
export type Contribution = { day: string; campaignId: string; affiliateId: string; rows: Row[] };

/**
 * What one conversion adds to the daily rollups in its current state. Reports read rollups, so
 * every change to a conversion applies (after − before): correct under refunds, reversals and
 * re-attribution without rescanning anything. Test conversions contribute nothing. Money is kept
 * per currency: the sale's row holds its counts and revenue, and its commissions are added to the
 * row of their own currency (a flat rule may pay in the program's currency, not the sale's).
 */
export async function contributionOf(
  { ctx, conv, timeZone, ledger }: { ctx: WorkspaceCtx; conv: Conv; timeZone: string; ledger?: Pick<Commission, 'currency' | 'amount' | 'status' | 'recruitId'>[] },
): Promise<Contribution | null> {
  if (conv.isTest) return null;
  const live = !REVERSAL_STATES.has(conv.status);
  // `ledger`: the conversion's every commission row, already in hand (a new sale's), so no query.
  // A recruiter's second-tier lines (recruit_id set) are the recruiter's, not this affiliate's:
  // they stay out of the rollups (docs/groups-bounties-recruiters.md#recruiters-two-tier).
  const earned = ledger
    ? ledger.filter((c) => !isVoidCommission(c.status) && !c.recruitId).map((c) => ({ currency: c.currency, total: c.amount }))
    : await ctx.db
      .select({ currency: commissions.currency, total: sum(commissions.amount) })
      .from(commissions)
      .where(and(eq(commissions.conversionId, conv.id), notInArray(commissions.status, [...VOID_COMMISSION_STATES]), isNull(commissions.recruitId)))
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

type Delta = typeof rollupDeltas.$inferSelect;

/** (after − before) as rollup delta rows, one per rollup key whose figures change. */
export function contributionDeltas({ workspaceId, before, after }: { workspaceId: string; before: Contribution | null; after: Contribution | null }): Delta[] {
  const deltas = new Map<string, Delta>();
  const addAll = (c: Contribution | null, sign: 1 | -1) => {
    for (const r of c?.rows ?? []) {
      const key = [c!.day, c!.campaignId, c!.affiliateId, r.currency].join('|');
      const d = deltas.get(key) ?? { id: newId(), workspaceId, day: c!.day, campaignId: c!.campaignId, affiliateId: c!.affiliateId, currency: r.currency, clicks: 0, leads: 0, sales: 0, revenue: 0, commissions: 0 };
      d.leads += sign * r.leads;
      d.sales += sign * r.sales;
      d.revenue += sign * r.revenue;
      d.commissions += sign * r.commissions;
      deltas.set(key, d);
    }
  };
  addAll(before, -1);
  addAll(after, 1);
  // keys that cancel out (an update that moves nothing) write nothing
  return [...deltas.values()].filter((d) => d.leads || d.sales || d.revenue || d.commissions);
}

/**
 * Appends (after − before) to the rollup deltas in one statement. Appending takes no lock on the
 * rollup row, so sales of one busy affiliate do not queue on it.
 */
export async function applyContribution({ ctx, before, after }: { ctx: WorkspaceCtx; before: Contribution | null; after: Contribution | null }) {
  const changed = contributionDeltas({ workspaceId: ctx.workspaceId, before, after });
  if (changed.length) await ctx.db.insert(rollupDeltas).values(changed);
}
