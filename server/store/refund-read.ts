import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions, workspaceSettings } from '@/db/schema';
import { unauthorized } from '../errors/errors';
import { groupCommitPerHandle } from '../lib/group-commit';
import { batchRows, batchValues, jsonParam } from '../lib/json-rows';
import { preparedQuery } from '../lib/prepared-query';
import type { Commission } from '../domain/commissions/read';
import type { WorkspaceCtx } from '../domain/context';
import { readSettings, type Settings } from '../domain/settings/settings';
import { keyHashesOf, presumedKeyStands } from './presumed-key';
import { SALE_STATEMENTS } from './sale-write';
import type { Conversion } from '../domain/conversions/find';

/**
 * A sale as a refund reads it: the conversion, its every commission, and `version`, the
 * conversion row's xmin, which every write to the row changes. A refund read this way, without a
 * lock, may write only while the version is unchanged (writeRefund); `version` null means the
 * caller holds the row's lock.
 */
export type RefundState = { conv: Conversion; ledger: Commission[]; version: string | null };

// One statement, so the conversion and its ledger come from one snapshot: read apart, a refund
// committed between the two reads could pair a current version with a stale ledger. Refunds read
// together share it (server/lib/group-commit.ts, as key lookups do): one row per refund `n` of the
// document at least, whatever it finds, carrying its key's verdict. Every join is a probe of a
// unique or leading index per refund, so a generic plan stays one whatever the batch's size.
const requests = batchRows('refunds', 'req', 'n int, workspace_id uuid, external_id text, key_hash text');
const salesWithLedgers = preparedQuery('refund_sales_with_ledgers', (db) =>
  db
    .select({
      n: sql<number>`req.n`,
      keyOk: presumedKeyStands(sql`req.key_hash`, sql`req.workspace_id`, batchValues('keys')),
      settings: workspaceSettings,
      conv: conversions,
      version: sql<string>`${conversions}.xmin::text`,
      commission: commissions,
    })
    .from(requests)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, sql`req.workspace_id`))
    .leftJoin(conversions, and(eq(conversions.workspaceId, sql`req.workspace_id`), eq(conversions.externalId, sql`req.external_id`)))
    .leftJoin(commissions, and(eq(commissions.conversionId, conversions.id), eq(commissions.workspaceId, conversions.workspaceId))),
);
type Request = { workspaceId: string; externalId: string; keyHash: string | null };
type Row = Awaited<ReturnType<ReturnType<typeof salesWithLedgers>['execute']>>[number];

const refundReader = groupCommitPerHandle((db: DbOrTx) => ({
  write: async (batch: Request[]): Promise<Row[][]> => {
    const doc = batch.map((r, n) => ({ n, workspace_id: r.workspaceId, external_id: r.externalId, key_hash: r.keyHash }));
    const rows = await salesWithLedgers(db).execute({ refunds: jsonParam(doc), keys: jsonParam(keyHashesOf(batch.map((r) => r.keyHash))) });
    const out = batch.map((): Row[] => []);
    for (const row of rows) out[row.n].push(row);
    return out;
  },
  ...SALE_STATEMENTS,
}));

/**
 * The workspace's sale with this external id and its ledger, unlocked (undefined if there is
 * none), and its settings, in one statement. Under `underKey`, a workspace key presumed valid
 * (presumeWorkspaceKey), the same statement checks the key: if refused, `unauthorized`.
 */
export async function refundStateByExternalId({ ctx, externalId, underKey = null }: { ctx: WorkspaceCtx; externalId: string; underKey?: string | null }): Promise<{ state: RefundState | undefined; settings: Settings }> {
  const rows = await refundReader(ctx.db)({ workspaceId: ctx.workspaceId, externalId, keyHash: underKey });
  const [first] = rows;
  if (!first.keyOk) throw unauthorized();
  const settings = await readSettings(ctx, first.settings);
  if (!first.conv) return { state: undefined, settings };
  return { state: { conv: first.conv, version: first.version, ledger: rows.flatMap((r) => (r.commission ? [r.commission] : [])) }, settings };
}
