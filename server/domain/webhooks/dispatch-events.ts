import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import { deliveryJob, type DeliveryJob } from './delivery-job';

const INSERT_CHUNK = 1000;

/**
 * Fans undispatched events out to the endpoints subscribed to them: one delivery row per
 * (endpoint, event), written in the same transaction that marks the events dispatched. SKIP
 * LOCKED lets several workers dispatch side by side without taking the same events.
 */
export async function dispatchEvents(db: Db, limit = 500): Promise<{ events: number; jobs: DeliveryJob[] }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: webhookEvents.id, workspaceId: webhookEvents.workspaceId, type: webhookEvents.type })
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!events.length) return { events: 0, jobs: [] };
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.workspaceId, [...new Set(events.map((e) => e.workspaceId))]), eq(webhookEndpoints.active, true)));
    const now = new Date();
    const rows = events.flatMap((event) =>
      endpoints
        .filter((ep) => ep.workspaceId === event.workspaceId)
        .filter((ep) => ep.events.includes('*') || ep.events.includes(event.type))
        .map((ep) => ({ workspaceId: event.workspaceId, endpointId: ep.id, eventId: event.id, nextAttemptAt: now, createdAt: now })),
    );
    const jobs: DeliveryJob[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      jobs.push(...inserted.map((d) => deliveryJob(d.id, now)));
    }
    await tx.update(webhookEvents).set({ dispatchedAt: now }).where(inArray(webhookEvents.id, events.map((e) => e.id)));
    return { events: events.length, jobs };
  });
}
