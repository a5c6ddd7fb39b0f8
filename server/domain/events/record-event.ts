import { webhookEvents } from '@/db/schema';
import { newId } from '../../lib/ids';
import type { EventType } from '../../model/enums';
import type { WorkspaceCtx } from '../context';

/**
 * Writes an event in the caller's transaction, so a rolled-back change emits nothing and a
 * committed one is never lost. Delivery picks it up from webhook_events afterwards.
 */
export async function recordEvent(
  { ctx, type, object, record }: { ctx: WorkspaceCtx; type: EventType; object: string; record: Record<string, unknown> },
) {
  const { db: tx, workspaceId } = ctx;
  const id = newId();
  const timestamp = new Date();
  const payload = { id, type, timestamp: timestamp.toISOString(), data: { object, ...record } };
  await tx.insert(webhookEvents).values({ id, workspaceId, type, payload, createdAt: timestamp });
}
