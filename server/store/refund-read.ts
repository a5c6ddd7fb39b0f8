import { and, eq, sql } from 'drizzle-orm';
import { commissions, conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../errors/errors';
import { preparedQuery } from '../lib/prepared-query';
import type { Commission } from '../domain/commissions/read';
import type { WorkspaceCtx } from '../domain/context';
import { readSettings, type Settings } from '../domain/settings/settings';
import { oneRow, presumedKeyColumn } from './presumed-key';
import type { Conversion } from '../domain/conversions/find';

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
    .select({
      keyOk: presumedKeyColumn,
      settings: workspaceSettings,
      conv: conversions,
      version: sql<string>`${conversions}.xmin::text`,
      commission: commissions,
    })
    .from(oneRow)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, sql.placeholder('workspaceId')))
    .leftJoin(conversions, and(eq(conversions.workspaceId, sql.placeholder('workspaceId')), eq(conversions.externalId, sql.placeholder('externalId'))))
    .leftJoin(commissions, and(eq(commissions.conversionId, conversions.id), eq(commissions.workspaceId, conversions.workspaceId))),
);

/**
 * The workspace's sale with this external id and its ledger, unlocked (undefined if there is
 * none), and its settings, in one statement. Under `underKey`, a workspace key presumed valid
 * (presumeWorkspaceKey), the same statement checks the key: if refused, `unauthorized`.
 */
export async function refundStateByExternalId({ ctx, externalId, underKey = null }: { ctx: WorkspaceCtx; externalId: string; underKey?: string | null }): Promise<{ state: RefundState | undefined; settings: Settings }> {
  const rows = await saleWithLedger(ctx.db).execute({ keyHash: underKey, workspaceId: ctx.workspaceId, externalId });
  const [first] = rows;
  if (!first.keyOk) throw unauthorized();
  const settings = await readSettings(ctx, first.settings);
  if (!first.conv) return { state: undefined, settings };
  return { state: { conv: first.conv, version: first.version, ledger: rows.flatMap((r) => (r.commission ? [r.commission] : [])) }, settings };
}
