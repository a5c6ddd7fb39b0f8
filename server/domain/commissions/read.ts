import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { loadRecord } from '../records';

export type Commission = typeof commissions.$inferSelect;

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
