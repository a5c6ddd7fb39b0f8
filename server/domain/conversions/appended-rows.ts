import { sql } from 'drizzle-orm';
import { rollupDeltas, webhookEvents } from '@/db/schema';
import { jsonRow } from '../../lib/json-rows';

/** What every change to a conversion appends: its webhook events and rollup deltas, complete rows. */
export type AppendedRows = { events: (typeof webhookEvents.$inferSelect)[]; deltas: (typeof rollupDeltas.$inferSelect)[] };

/** The appended rows as fields of a statement's jsonb document. */
export const appendedDoc = (rows: AppendedRows) => ({
  events: rows.events.map((r) => jsonRow(webhookEvents, r)),
  deltas: rows.deltas.map((r) => jsonRow(rollupDeltas, r)),
});

/** CTEs inserting them from the document `doc`, only if the CTE `conv` (the conversion written) returned its row. */
export const appendCtes = sql.raw(`
    events as (
      insert into webhook_events select r.* from doc, conv, jsonb_populate_recordset(null::webhook_events, doc.d->'events') r
    ),
    deltas as (
      insert into rollup_deltas select r.* from doc, conv, jsonb_populate_recordset(null::rollup_deltas, doc.d->'deltas') r
    )`);
