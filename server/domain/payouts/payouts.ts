import { and, asc, eq, inArray } from 'drizzle-orm';
import { commissions, payouts } from '@/db/schema';
import type { PayoutWithCommissions } from '../../contracts/payout';
import { notFound } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { ownRecord, wellFormedId } from '../records';

export type Payout = typeof payouts.$inferSelect;

/** Adds to each payout the ids of the commissions it settles, in one query for all of them. */
export async function withCommissionIds({ ctx, rows }: { ctx: WorkspaceCtx; rows: Payout[] }): Promise<PayoutWithCommissions[]> {
  const { db, workspaceId } = ctx;
  if (!rows.length) return [];
  const settled = await db
    .select({ id: commissions.id, payoutId: commissions.payoutId })
    .from(commissions)
    .where(and(eq(commissions.workspaceId, workspaceId), inArray(commissions.payoutId, rows.map((r) => r.id))))
    .orderBy(asc(commissions.createdAt), asc(commissions.id));
  return rows.map((row) => ({ ...row, commissionIds: settled.filter((c) => c.payoutId === row.id).map((c) => c.id) }));
}

/** The workspace's payout with its commissions, or link_not_found (also for another workspace's id). */
export async function getPayout({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<PayoutWithCommissions> {
  wellFormedId(id, () => notFound('payout'));
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(ownRecord(ctx, payouts, id));
  if (!rows.length) throw notFound('payout');
  const [payout] = await withCommissionIds({ ctx, rows });
  return payout;
}
