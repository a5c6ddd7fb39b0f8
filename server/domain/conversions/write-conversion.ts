import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions, conversions } from '@/db/schema';
import { jsonParam, jsonRow } from '../../lib/json-rows';
import { rowsOf } from '../../lib/rows';
import { appendCtes, appendedDoc, type AppendedRows } from './appended-rows';

/** Everything a new conversion writes, each row complete (server/lib/json-rows.ts). */
export type NewConversionRows = AppendedRows & {
  conversion: typeof conversions.$inferSelect;
  commissions: (typeof commissions.$inferSelect)[];
};

/**
 * Stores a new conversion with its commissions, webhook events and rollup deltas in ONE statement:
 * atomic without BEGIN/COMMIT round trips, and prepared once (the rows travel as one jsonb
 * parameter). If the conversion's external id is already stored (a retry, or a racing call), the
 * statement writes nothing at all and answers false: every other insert reads the conversion's.
 */
export async function writeNewConversion(db: DbOrTx, rows: NewConversionRows): Promise<boolean> {
  const doc = jsonParam({
    conversion: jsonRow(conversions, rows.conversion),
    commissions: rows.commissions.map((r) => jsonRow(commissions, r)),
    ...appendedDoc(rows),
  });
  const [{ stored }] = await rowsOf<{ stored: number }>(db, sql`
    with doc as (select ${doc}::jsonb as d),
    conv as (
      insert into conversions select r.* from doc, jsonb_populate_record(null::conversions, doc.d->'conversion') r
      on conflict do nothing
      returning id
    ),
    earned as (
      insert into commissions select r.* from doc, conv, jsonb_populate_recordset(null::commissions, doc.d->'commissions') r
    ),${appendCtes}
    select count(*)::int as stored from conv`);
  return Number(stored) > 0;
}
