import { sql } from 'drizzle-orm';
import { rollupDeltas, webhookEvents } from '@/db/schema';
import { jsonRow } from '../lib/json-rows';
import { insertEvents } from '../domain/events/born-dispatched';

/** What every change to a conversion appends: its webhook events (dispatched_at is decided as they are written) and rollup deltas, complete rows. */
export type AppendedRows = { events: (typeof webhookEvents.$inferSelect)[]; deltas: (typeof rollupDeltas.$inferSelect)[] };

/** The appended rows as fields of a statement's jsonb document. */
export const appendedDoc = (rows: AppendedRows) => ({
  events: rows.events.map((r) => jsonRow(webhookEvents, r)),
  deltas: rows.deltas.map((r) => jsonRow(rollupDeltas, r)),
});

/** CTEs inserting them from the documents in the CTE `kept`: one row `d` per conversion actually written. */
export const appendCtes = sql`
    events as (${insertEvents(
      sql`kept, jsonb_populate_recordset(null::webhook_events, kept.d->'events') r`,
      sql`array(select distinct (e->>'workspace_id')::uuid from kept, jsonb_array_elements(kept.d->'events') e)`,
    )}
    ),
    deltas as (
      insert into rollup_deltas select r.* from kept, jsonb_populate_recordset(null::rollup_deltas, kept.d->'deltas') r
    )`;
