import { and, desc, eq } from 'drizzle-orm';
import { payouts } from '@/db/schema';
import type { PayoutWithCommissions } from '../../contracts/payout';
import type { Page } from '../../lib/pagination';
import type { AffiliateCtx, WorkspaceCtx } from '../context';
import { referencedAffiliate } from '../references';
import { withCommissionIds, type Payout } from './payouts';

// Every list of payouts: the workspace's (GET /v1/payouts) and one affiliate's own
// (GET /v1/affiliate/payouts and the portal), each payout with the commissions it settles.

export type PayoutFilter = { status?: Payout['status']; affiliateId?: string };

async function newestFirst(ctx: WorkspaceCtx, filter: PayoutFilter, page: Page): Promise<PayoutWithCommissions[]> {
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.workspaceId, ctx.workspaceId),
        filter.status ? eq(payouts.status, filter.status) : undefined,
        filter.affiliateId ? eq(payouts.affiliateId, filter.affiliateId) : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  return withCommissionIds({ ctx, rows });
}

/** The workspace's payouts, newest first. */
export async function listPayouts({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: PayoutFilter; page: Page }) {
  if (filter.affiliateId !== undefined) await referencedAffiliate(ctx, filter.affiliateId);
  return newestFirst(ctx, filter, page);
}

/**
 * The affiliate's own payouts, newest first. The affiliate comes from the context (its key or
 * portal session) into the WHERE clause, and the commissions are read by those payouts' ids: no
 * other affiliate's row leaves the database.
 */
export const listOwnPayouts = ({ ctx, page }: { ctx: AffiliateCtx; page: Page }) => newestFirst(ctx, { affiliateId: ctx.affiliateId }, page);
