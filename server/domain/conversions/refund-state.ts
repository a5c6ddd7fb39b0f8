import { and, eq, sql } from 'drizzle-orm';
import { commissions, conversions } from '@/db/schema';
import { sharedLookup } from '../../lib/shared-lookup';
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
// committed between the two reads could pair a current version with a stale ledger. Concurrent
// refunds share it.
const salesWithLedgers = sharedLookup('refund_sales_with_ledgers', {
  build: (db, keys) =>
    db
      .select({ conv: conversions, version: sql<string>`${conversions}.xmin::text`, commission: commissions })
      .from(conversions)
      .leftJoin(commissions, and(eq(commissions.conversionId, conversions.id), eq(commissions.workspaceId, conversions.workspaceId)))
      .where(sql`(${conversions.workspaceId}, ${conversions.externalId}) in (select k.ws, k.ext from jsonb_to_recordset(${keys}) as k(ws uuid, ext text))`),
  keyOf: (k: { ws: string; ext: string }) => `${k.ws} ${k.ext}`,
  keyOfRow: (r) => `${r.conv.workspaceId} ${r.conv.externalId}`,
});

/** The workspace's sale with this external id and its ledger, unlocked, or undefined. */
export async function refundStateByExternalId({ ctx, externalId }: { ctx: WorkspaceCtx; externalId: string }): Promise<RefundState | undefined> {
  const rows = await salesWithLedgers(ctx.db, { ws: ctx.workspaceId, ext: externalId });
  if (!rows.length) return undefined;
  return { conv: rows[0].conv, version: rows[0].version, ledger: rows.flatMap((r) => (r.commission ? [r.commission] : [])) };
}
