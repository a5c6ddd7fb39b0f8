import { and, desc, eq, notExists } from 'drizzle-orm';
import { commissions, conversions } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate } from '../references';
import { referencedConversion } from '../conversions/read';
import { loadRecord } from '../records';

export type Commission = typeof commissions.$inferSelect;
export type CommissionFilter = {
  status?: Commission['status'];
  affiliateId?: string;
  conversionId?: string;
  includeTest?: boolean;
};

/** The workspace's commission, or link_not_found (also for another workspace's id). */
export async function getCommission({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Commission> {
  return loadRecord(ctx, commissions, id, () => notFound('commission'));
}

/** Commissions whose conversion is a test one (correlated on commissions.conversion_id). */
export const onTestConversion = (ctx: WorkspaceCtx) =>
  ctx.db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.id, commissions.conversionId), eq(conversions.isTest, true)));

/**
 * Newest first. Commissions of test conversions follow their conversions out of the list unless
 * include_test is set or the caller asks for one conversion by id.
 */
export async function listCommissions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: CommissionFilter; page: Page }) {
  if (filter.affiliateId !== undefined) await referencedAffiliate(ctx, filter.affiliateId);
  if (filter.conversionId !== undefined) await referencedConversion({ ctx, id: filter.conversionId });
  const hideTest = !filter.includeTest && filter.conversionId === undefined;
  return ctx.db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        filter.status ? eq(commissions.status, filter.status) : undefined,
        filter.affiliateId ? eq(commissions.affiliateId, filter.affiliateId) : undefined,
        filter.conversionId ? eq(commissions.conversionId, filter.conversionId) : undefined,
        hideTest ? notExists(onTestConversion(ctx)) : undefined,
      ),
    )
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(page.limit)
    .offset(page.offset);
}
