import { sql } from 'drizzle-orm';
import { webhookEvents } from '@/db/schema';
import { dispatchedUnlessHeard } from './born-dispatched';
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
  const dispatchedAt = dispatchedUnlessHeard({
    workspaceId: sql`r.workspace_id`, type: sql`r.type`, createdAt: sql`r.created_at`, workspaces: sql`array[${ctx.workspaceId}::uuid]`,
  });
  for (const slice of chunks(eventRows(ctx.workspaceId, events))) {
    await ctx.db.execute(sql`
      insert into webhook_events (id, workspace_id, type, payload, created_at, dispatched_at)
      select r.id, r.workspace_id, r.type, r.payload, r.created_at, ${dispatchedAt}
      from jsonb_populate_recordset(null::webhook_events, ${jsonParam(slice.map((row) => jsonRow(webhookEvents, row)))}::jsonb) r`);
  }
}
