import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { commissions, payouts } from '@/db/schema';
import type { PayoutWithCommissions } from '../../contracts/payout';
import type { Page } from '../../lib/pagination';
import type { AffiliateCtx } from '../context';

/** The affiliate's payouts, newest first, each with the ids of the commissions it settles. */
export async function listOwnPayouts({ ctx, page }: { ctx: AffiliateCtx; page: Page }): Promise<PayoutWithCommissions[]> {
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.affiliateId, ctx.affiliateId)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  if (!rows.length) return [];
  // One query for the whole page rather than one per payout.
  const settled = await ctx.db
    .select({ id: commissions.id, payoutId: commissions.payoutId })
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        eq(commissions.affiliateId, ctx.affiliateId),
        inArray(commissions.payoutId, rows.map((r) => r.id)),
      ),
    )
    .orderBy(asc(commissions.createdAt), asc(commissions.id));
  return rows.map((row) => ({ ...row, commissionIds: settled.filter((c) => c.payoutId === row.id).map((c) => c.id) }));
}
