import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { groupCommitPerHandle } from '../lib/group-commit';
import { jsonColumns, jsonParam, jsonRow } from '../lib/json-rows';
import { preparedSql } from '../lib/prepared-query';
import type { LedgerPlan } from '../domain/commissions/engine/plan-ledger';
import { appendCtes, appendedDoc, type AppendedRows } from './appended-rows';
import { SALE_STATEMENTS } from './sale-write';

/** A refund's writes, each row complete (server/lib/json-rows.ts). */
export type RefundRows = AppendedRows & {
  /** The conversion after the refund: its status, refunded_amount and updated_at are written. */
  conversion: typeof conversions.$inferSelect;
  /** The conversion's row version (xmin) when it was read unlocked: written only if still that; null when the caller holds its lock. */
  version: string | null;
  ledger: Pick<LedgerPlan, 'created' | 'updates'>;
};

const columnName = (key: string) => getTableColumns(commissions)[key as keyof typeof commissions.$inferSelect].name;
// An updated row travels as its key and the columns the statement below sets, nothing else.
const CONVERSION_SET = ['id', 'workspaceId', 'status', 'refundedAmount', 'updatedAt'] as const;
const commissionSet = (set: LedgerPlan['updates'][number]['set']): (keyof typeof commissions.$inferSelect)[] =>
  ['id', 'workspaceId', 'updatedAt', ...(Object.keys(set) as (keyof typeof set)[])];

/**
 * Writes refunds in ONE statement, each inside the caller's transaction that locked its conversion
 * or on a conversion read unlocked at `version`: the conversion, the commissions the ledger rule
 * changes (only the columns it changes, so a concurrent approval of another column is kept) or
 * creates, the events and the rollup deltas. Prepared once: everything travels as one jsonb
 * parameter. Every write of a refund hangs on its conversion's update, so a refund whose `version`
 * no longer matches writes nothing and answers false, whatever its neighbours do. Conversions are
 * updated in id order; a second refund of one conversion in the batch is not written (false): one
 * statement cannot apply two versions of one row. The rows to update are named by id
 * (`= any (array(…))`) besides the join: PostgreSQL guesses 100 rows for every
 * jsonb_array_elements, so the join alone looked like 10,000 updates and was planned as a scan of
 * the whole table, a plan a prepared statement keeps as the table grows.
 */
export async function writeRefunds(db: DbOrTx, batch: RefundRows[]): Promise<boolean[]> {
  const first = new Map<string, RefundRows>();
  for (const rows of batch) if (!first.has(rows.conversion.id)) first.set(rows.conversion.id, rows);
  const doc = jsonParam(
    [...first.values()]
      .sort((a, b) => (a.conversion.id < b.conversion.id ? -1 : 1))
      .map((rows) => ({
        conversion: jsonColumns(conversions, rows.conversion, CONVERSION_SET),
        version: rows.version,
        created: rows.ledger.created.map((r) => jsonRow(commissions, r)),
        updates: rows.ledger.updates.map(({ row, set }) => ({ row: jsonColumns(commissions, row, commissionSet(set)), set: Object.keys(set).map(columnName) })),
        ...appendedDoc(rows),
      })),
  );
  const written = await writeStatement(db)({ doc });
  const stored = new Set(written.map((w) => w.id));
  return batch.map((rows) => first.get(rows.conversion.id) === rows && stored.has(rows.conversion.id));
}

const writeStatement = preparedSql<{ id: string }>('write_refunds', sql`
    with doc as (select e.d from jsonb_array_elements(${sql.placeholder('doc')}::jsonb) e(d)),
    conv as (
      update conversions c set status = r.status, refunded_amount = r.refunded_amount, updated_at = r.updated_at
      from doc, jsonb_populate_record(null::conversions, doc.d->'conversion') r
      where c.id = any (array(select (doc.d->'conversion'->>'id')::uuid from doc))
        and c.id = r.id and c.workspace_id = r.workspace_id and (doc.d->>'version' is null or c.xmin::text = doc.d->>'version')
      returning c.id
    ),
    kept as (select doc.d from doc join conv on conv.id = (doc.d->'conversion'->>'id')::uuid),
    changed as (
      update commissions c set
        amount = case when u.value->'set' ? 'amount' then r.amount else c.amount end,
        status = case when u.value->'set' ? 'status' then r.status else c.status end,
        restore_status = case when u.value->'set' ? 'restore_status' then r.restore_status else c.restore_status end,
        updated_at = r.updated_at
      from kept, jsonb_array_elements(kept.d->'updates') u, jsonb_populate_record(null::commissions, u.value->'row') r
      where c.id = any (array(select (e.value->'row'->>'id')::uuid from kept, jsonb_array_elements(kept.d->'updates') e))
        and c.id = r.id and c.workspace_id = r.workspace_id
    ),
    created as (
      insert into commissions select r.* from kept, jsonb_populate_recordset(null::commissions, kept.d->'created') r
    ),${appendCtes}
    select id from conv`);

// Refunds arriving together on one database handle share a statement and its commit, as sales do
// (SALE_STATEMENTS); inside a transaction (the locked path) each is a batch of one.
export const refundWriter = groupCommitPerHandle((db: DbOrTx) => ({
  write: (batch: RefundRows[]) => writeRefunds(db, batch),
  ...SALE_STATEMENTS,
}));

/** Writes one refund (false: its sale changed since it was read; nothing written), batched with concurrent ones. */
export const writeRefund = (db: DbOrTx, rows: RefundRows): Promise<boolean> => refundWriter(db)(rows);
