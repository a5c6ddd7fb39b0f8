import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { jsonParam, jsonRow } from '../../lib/json-rows';
import { rowsOf } from '../../lib/rows';
import type { LedgerPlan } from '../commissions/engine/plan-ledger';
import { appendCtes, appendedDoc, type AppendedRows } from './appended-rows';

/** A refund's writes, each row complete (server/lib/json-rows.ts). */
export type RefundRows = AppendedRows & {
  /** The conversion after the refund: its status, refunded_amount and updated_at are written. */
  conversion: typeof conversions.$inferSelect;
  /** The conversion's row version (xmin) when it was read unlocked: written only if still that; null when the caller holds its lock. */
  version: string | null;
  ledger: Pick<LedgerPlan, 'created' | 'updates'>;
};

const columnName = (key: string) => getTableColumns(commissions)[key as keyof typeof commissions.$inferSelect].name;

/**
 * Writes a refund in ONE statement, inside the caller's transaction that locked the conversion or
 * on a conversion read unlocked at `version`: the conversion, the commissions the ledger rule changes (only the columns it changes, so a
 * concurrent approval of another column is kept) or creates, the events and the rollup deltas.
 * Prepared once: everything travels as one jsonb parameter. Every write hangs on the conversion's
 * update, so when `version` no longer matches nothing is written and the answer is false.
 */
export async function writeRefund(db: DbOrTx, rows: RefundRows): Promise<boolean> {
  const doc = jsonParam({
    conversion: jsonRow(conversions, rows.conversion),
    version: rows.version,
    created: rows.ledger.created.map((r) => jsonRow(commissions, r)),
    updates: rows.ledger.updates.map(({ row, set }) => ({ row: jsonRow(commissions, row), set: Object.keys(set).map(columnName) })),
    ...appendedDoc(rows),
  });
  const [{ written }] = await rowsOf<{ written: boolean }>(db, sql`
    with doc as (select ${doc}::jsonb as d),
    conv as (
      update conversions c set status = r.status, refunded_amount = r.refunded_amount, updated_at = r.updated_at
      from doc, jsonb_populate_record(null::conversions, doc.d->'conversion') r
      where c.id = r.id and c.workspace_id = r.workspace_id and (doc.d->>'version' is null or c.xmin::text = doc.d->>'version')
      returning c.id
    ),
    changed as (
      update commissions c set
        amount = case when u.value->'set' ? 'amount' then r.amount else c.amount end,
        status = case when u.value->'set' ? 'status' then r.status else c.status end,
        restore_status = case when u.value->'set' ? 'restore_status' then r.restore_status else c.restore_status end,
        updated_at = r.updated_at
      from doc, conv, jsonb_array_elements(doc.d->'updates') u, jsonb_populate_record(null::commissions, u.value->'row') r
      where c.id = r.id and c.workspace_id = r.workspace_id
    ),
    kept as (select doc.d from doc, conv),
    created as (
      insert into commissions select r.* from kept, jsonb_populate_recordset(null::commissions, kept.d->'created') r
    ),${appendCtes}
    select exists (select from conv) as written`);
  return written;
}
