import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate } from '../references';
import { referencedConversion } from '../conversions/read';
import { loadRecord } from '../records';
import { preparedShapes } from '../../lib/prepared-query';

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
export const onTestConversion = ({ db }: { db: DbOrTx }) =>
  db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.id, commissions.conversionId), eq(conversions.isTest, true)));

// One prepared query per combination of filters given (each shape keeps its own plan).
const listShape = preparedShapes('list_commissions', (f: { status: boolean; affiliateId: boolean; conversionId: boolean; hideTest: boolean }, db) =>
  db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, sql.placeholder('workspaceId')),
        f.status ? eq(commissions.status, sql.placeholder('status')) : undefined,
        f.affiliateId ? eq(commissions.affiliateId, sql.placeholder('affiliateId')) : undefined,
        f.conversionId ? eq(commissions.conversionId, sql.placeholder('conversionId')) : undefined,
        f.hideTest ? notExists(onTestConversion({ db })) : undefined,
      ),
    )
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/**
 * Newest first. Commissions of test conversions follow their conversions out of the list unless
 * include_test is set or the caller asks for one conversion by id.
 */
export async function listCommissions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: CommissionFilter; page: Page }) {
  if (filter.affiliateId !== undefined) await referencedAffiliate(ctx, filter.affiliateId);
  if (filter.conversionId !== undefined) await referencedConversion({ ctx, id: filter.conversionId });
  const hideTest = !filter.includeTest && filter.conversionId === undefined;
  const shape = listShape({ status: !!filter.status, affiliateId: !!filter.affiliateId, conversionId: !!filter.conversionId, hideTest });
  return shape(ctx.db).execute({ workspaceId: ctx.workspaceId, status: filter.status, affiliateId: filter.affiliateId, conversionId: filter.conversionId, ...page });
}
