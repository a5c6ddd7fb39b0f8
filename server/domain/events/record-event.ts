import { webhookEvents } from '@/db/schema';
import { newId } from '../../lib/ids';
import type { EventType } from '../../model/enums';
import type { WorkspaceCtx } from '../context';

/**
 * Writes an event in the caller's transaction, so a rolled-back change emits nothing and a
 * committed one is never lost. Delivery picks it up from webhook_events afterwards.
 */
export async function recordEvent({ ctx, ...event }: { ctx: WorkspaceCtx } & NewEvent) {
  await recordEvents({ ctx, events: [event] });
}

export type NewEvent = { type: EventType; object: string; record: Record<string, unknown> };

/** Several events of one change in one statement, in order (their ids increase). */
export async function recordEvents({ ctx, events }: { ctx: WorkspaceCtx; events: NewEvent[] }) {
  if (events.length === 0) return;
  const timestamp = new Date();
  const rows = events.map(({ type, object, record }) => {
    const id = newId();
    return { id, workspaceId: ctx.workspaceId, type, createdAt: timestamp, payload: { id, type, timestamp: timestamp.toISOString(), data: { object, ...record } } };
  });
  await ctx.db.insert(webhookEvents).values(rows);
}
