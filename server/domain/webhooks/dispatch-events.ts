import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import { chunks } from '../../lib/chunks';
import { sweepCursor, sweepWorkspaces, type SweepLimits, type SweepReport } from '../jobs/sweep';
import { workspacesWith } from '../jobs/workspaces-with';
import { deliveryJob, type DeliveryJob } from './delivery-job';

export const DISPATCH_QUEUE = 'webhooks-dispatch';
// 500 events a transaction, 10 rounds a run: a backlog of one workspace is fanned out 5,000 at a
// time while every other workspace's new events go out in the same run.
export const DISPATCH_LIMITS: SweepLimits = { batchSize: 500, rounds: 10 };

/**
 * Fans every workspace's undispatched events out to its endpoints, fairly and in bounded batches
 * (domain/jobs/sweep.ts); `enqueue` receives each batch's delivery jobs after it commits.
 */
export async function dispatchPendingEvents(
  db: Db,
  enqueue: (jobs: DeliveryJob[]) => Promise<void>,
  limits = DISPATCH_LIMITS,
): Promise<SweepReport> {
  return sweepWorkspaces({
    db,
    queue: DISPATCH_QUEUE,
    workspaces: await workspacesWith(db, 'webhook_events', sql`dispatched_at is null`, { after: sweepCursor(DISPATCH_QUEUE) }),
    limits,
    batch: async (workspaceId) => {
      const { events, jobs } = await dispatchEvents(db, workspaceId, limits.batchSize);
      await enqueue(jobs);
      return events;
    },
  });
}

/**
 * Fans one workspace's oldest undispatched events out to the endpoints subscribed to them: one
 * delivery row per (endpoint, event), written in the same transaction that marks the events
 * dispatched. SKIP LOCKED lets several workers dispatch side by side without taking the same events.
 */
export async function dispatchEvents(db: Db, workspaceId: string, limit: number): Promise<{ events: number; jobs: DeliveryJob[] }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: webhookEvents.id, type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, workspaceId), isNull(webhookEvents.dispatchedAt)))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!events.length) return { events: 0, jobs: [] };
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.active, true)));
    const now = new Date();
    const rows = events.flatMap((event) =>
      endpoints
        .filter((ep) => ep.events.includes('*') || ep.events.includes(event.type))
        .map((ep) => ({ workspaceId, endpointId: ep.id, eventId: event.id, nextAttemptAt: now, createdAt: now })),
    );
    const jobs: DeliveryJob[] = [];
    for (const slice of chunks(rows)) {
      const inserted = await tx.insert(webhookDeliveries).values(slice).onConflictDoNothing().returning({ id: webhookDeliveries.id });
      jobs.push(...inserted.map((d) => deliveryJob(d.id, now)));
    }
    await tx.update(webhookEvents).set({ dispatchedAt: now }).where(inArray(webhookEvents.id, events.map((e) => e.id)));
    return { events: events.length, jobs };
  });
}
