import { and, eq, sql } from 'drizzle-orm';
import { commissions, conversions } from '@/db/schema';
import { preparedQuery } from '../../lib/prepared-query';
import type { Commission } from '../commissions/engine/reconcile';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from './find';

/**
 * A sale as a refund reads it: the conversion, its every commission, and `version`, the
 * conversion row's xmin, which every write to the row changes. A refund read this way, without a
 * lock, may write only while the version is unchanged (writeRefund); `version` null means the
 * caller holds the row's lock.
 */
export type RefundState = { conv: Conversion; ledger: Commission[]; version: string | null };

// One statement, so the conversion and its ledger come from one snapshot: read apart, a refund
// committed between the two reads could pair a current version with a stale ledger.
const saleWithLedger = preparedQuery('refund_sale_with_ledger', (db) =>
  db
    .select({ conv: conversions, version: sql<string>`${conversions}.xmin::text`, commission: commissions })
    .from(conversions)
    .leftJoin(commissions, and(eq(commissions.conversionId, conversions.id), eq(commissions.workspaceId, conversions.workspaceId)))
    .where(and(eq(conversions.workspaceId, sql.placeholder('workspaceId')), eq(conversions.externalId, sql.placeholder('externalId')))),
);

/** The workspace's sale with this external id and its ledger, unlocked, or undefined. */
export async function refundStateByExternalId({ ctx, externalId }: { ctx: WorkspaceCtx; externalId: string }): Promise<RefundState | undefined> {
  const rows = await saleWithLedger(ctx.db).execute({ workspaceId: ctx.workspaceId, externalId });
  if (!rows.length) return undefined;
  return { conv: rows[0].conv, version: rows[0].version, ledger: rows.flatMap((r) => (r.commission ? [r.commission] : [])) };
}
