import { sql } from 'drizzle-orm';
import { webhookEvents } from '@/db/schema';
import { insertEvents } from './born-dispatched';
import { chunks } from '../../lib/chunks';
import { jsonParam, jsonRow } from '../../lib/json-rows';
import { newId } from '../../lib/ids';
import type { EventType } from '../../model/enums';
import type { WorkspaceCtx } from '../context';

/**
 * Writes an event in the caller's transaction, so a rolled-back change emits nothing and a
 * committed one is never lost. Delivery picks it up from webhook_events afterwards.
 */
export async function emitEvent({ ctx, ...event }: { ctx: WorkspaceCtx } & NewEvent) {
  await emitEvents({ ctx, events: [event] });
}

export type NewEvent = { type: EventType; object: string; record: Record<string, unknown> };

type EventRow = typeof webhookEvents.$inferSelect;

/** The rows of several events of one change, in order (their ids increase), sharing a timestamp. */
export function eventRows(workspaceId: string, events: NewEvent[]): EventRow[] {
  const timestamp = new Date();
  return events.map(({ type, object, record }) => {
    const id = newId();
    const payload = { id, type, timestamp: timestamp.toISOString(), data: { object, ...record } };
    return { id, workspaceId, type, createdAt: timestamp, dispatchedAt: null, payload };
  });
}

/**
 * Several events of one change, in one statement per thousand (a job's batch can carry thousands);
 * an event no endpoint listens to is born dispatched, the workspace's listeners read once per
 * statement, not once per event.
 */
export async function emitEvents({ ctx, events }: { ctx: WorkspaceCtx; events: NewEvent[] }) {
  if (events.length === 0) return;
  for (const slice of chunks(eventRows(ctx.workspaceId, events))) {
    const rows = jsonParam(slice.map((row) => jsonRow(webhookEvents, row)));
    await ctx.db.execute(insertEvents(sql`jsonb_populate_recordset(null::webhook_events, ${rows}::jsonb) r`, sql`array[${ctx.workspaceId}::uuid]`));
  }
}
