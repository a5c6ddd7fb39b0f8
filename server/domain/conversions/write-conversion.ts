import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { groupCommitPerHandle } from '../../lib/group-commit';
import { jsonParam, jsonRow } from '../../lib/json-rows';
import { preparedSql } from '../../lib/prepared-query';
import { appendCtes, appendedDoc, type AppendedRows } from './appended-rows';

/** Everything a new conversion writes, each row complete (server/lib/json-rows.ts). */
export type NewConversionRows = AppendedRows & {
  conversion: typeof conversions.$inferSelect;
  commissions: (typeof commissions.$inferSelect)[];
};

// Conversions go in (workspace, external id) order, the unique index's: two batches in flight that
// both hold a racing retry then wait on each other in one direction only, never in a cycle.
const lockOrder = ({ conversion: c }: NewConversionRows) => `${c.workspaceId} ${c.externalId}`;
const byLockOrder = (a: NewConversionRows, b: NewConversionRows) => (lockOrder(a) < lockOrder(b) ? -1 : lockOrder(a) > lockOrder(b) ? 1 : 0);

/**
 * Stores new conversions with their commissions, webhook events and rollup deltas in ONE statement:
 * atomic without BEGIN/COMMIT round trips, and prepared once (the rows travel as one jsonb
 * parameter). A conversion whose external id is already stored (a retry, or a racing call, also
 * within the batch) writes nothing at all and answers false: every other insert reads the
 * conversions that were written.
 */
export async function writeNewConversions(db: DbOrTx, batch: NewConversionRows[]): Promise<boolean[]> {
  const doc = jsonParam(
    [...batch].sort(byLockOrder).map((rows) => ({
      conversion: jsonRow(conversions, rows.conversion),
      commissions: rows.commissions.map((r) => jsonRow(commissions, r)),
      ...appendedDoc(rows),
    })),
  );
  const written = await writeStatement(db)({ doc });
  const stored = new Set(written.map((w) => w.id));
  return batch.map((rows) => stored.has(rows.conversion.id));
}

const writeStatement = preparedSql<{ id: string }>('write_conversions', sql`
    with doc as (select e.d, e.n from jsonb_array_elements(${sql.placeholder('doc')}::jsonb) with ordinality e(d, n)),
    conv as (
      insert into conversions
      select r.* from doc, jsonb_populate_record(null::conversions, doc.d->'conversion') r order by doc.n
      on conflict do nothing
      returning id
    ),
    kept as (select doc.d from doc join conv on conv.id = (doc.d->'conversion'->>'id')::uuid),
    earned as (
      insert into commissions select r.* from kept, jsonb_populate_recordset(null::commissions, kept.d->'commissions') r
    ),${appendCtes}
    select id from conv`);

// Sales arriving together on one database handle share a statement and its commit (see
// server/lib/group-commit.ts); each is answered after the statement that carried it returned.
export const conversionWriter = groupCommitPerHandle((db: DbOrTx) => ({
  write: (batch: NewConversionRows[]) => writeNewConversions(db, batch),
  maxBatch: 64,
  maxInFlight: 2,
}));

/** Stores one new conversion (answers false if its external id was already stored), batched with concurrent ones. */
export const writeNewConversion = (db: DbOrTx, rows: NewConversionRows): Promise<boolean> => conversionWriter(db)(rows);
