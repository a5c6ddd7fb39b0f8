import { and, count, desc, eq, inArray, isNull, lt, max } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { integrationEvents, workspaces } from '@/db/schema';
import { invalidState, notFound } from '../errors/errors';
import { addAuditEntry } from '../domain/audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../domain/context';
import { processEvent } from './process-event';
import type { IntegrationEvent, PaymentProvider } from './provider';
import { wellFormedId } from '../domain/records';

const byProvider = (ctx: WorkspaceCtx, provider: PaymentProvider) =>
  and(eq(integrationEvents.workspaceId, ctx.workspaceId), eq(integrationEvents.provider, provider.name));

/** The last `limit` events received from the provider, newest first. */
export async function recentEvents(ctx: WorkspaceCtx, provider: PaymentProvider, limit: number): Promise<IntegrationEvent[]> {
  return ctx.db
    .select()
    .from(integrationEvents)
    .where(byProvider(ctx, provider))
    .orderBy(desc(integrationEvents.receivedAt), desc(integrationEvents.id))
    .limit(limit);
}

export type EventStats = { lastReceivedAt: Date | null; counts: Record<IntegrationEvent['status'], number> };

/** When the provider last reached us, and how its events turned out. */
export async function eventStats(ctx: WorkspaceCtx, provider: PaymentProvider): Promise<EventStats> {
  const rows = await ctx.db
    .select({ status: integrationEvents.status, n: count(), last: max(integrationEvents.receivedAt) })
    .from(integrationEvents)
    .where(byProvider(ctx, provider))
    .groupBy(integrationEvents.status);
  const counts = { received: 0, applied: 0, ignored: 0, waiting: 0, failed: 0, rejected: 0 };
  let last: Date | null = null;
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    const at = r.last ? new Date(r.last) : null;
    if (at && (!last || at > last)) last = at;
  }
  return { lastReceivedAt: last, counts };
}

export async function workspacePublicId(ctx: WorkspaceCtx): Promise<string> {
  const [row] = await ctx.db.select({ publicId: workspaces.publicId }).from(workspaces).where(eq(workspaces.id, ctx.workspaceId));
  return row.publicId;
}

/**
 * Runs a stored event again now, as if just received (a manager's replay): safe because every
 * effect is idempotent (conversions on their external id, refunds as running totals, status
 * changes that repeat nothing). Another workspace's event is indistinguishable from a missing one;
 * a rejected one is malformed and cannot be applied. The audit row names who replayed it; what
 * applying it changes is recorded under the provider, as on arrival.
 */
export async function replayEvent({ ctx, provider, id }: { ctx: ActingCtx & { db: Db }; provider: PaymentProvider; id: string }): Promise<IntegrationEvent> {
  wellFormedId(id, () => notFound('event'));
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(integrationEvents).where(and(byProvider(ctx, provider), eq(integrationEvents.id, id))).for('update');
    if (!found) throw notFound('event');
    if (found.status === 'rejected') throw invalidState('a rejected event is malformed and cannot be applied; its detail says why');
    const [reset] = await tx.update(integrationEvents).set({ attempts: 0, nextAttemptAt: null }).where(eq(integrationEvents.id, id)).returning();
    await addAuditEntry(tx, ctx, 'integration_event.replayed', { type: 'integration_event', id }, {
      after: { provider: provider.name, event_id: found.eventId, type: found.type, status_before: found.status },
    });
    return reset;
  });
  return processEvent(ctx.db, row);
}

// Rows deleted per statement and statements per run: a run holds no lock for long, and a large
// backlog is worked off over a few runs.
const PRUNE_BATCH = 1000;
const PRUNE_BATCHES_PER_RUN = 50;

/**
 * The integration event log's retention (INTEGRATION_EVENT_RETENTION_DAYS): events received more
 * than `retentionDays` ago and not due for another try are deleted, in bounded batches. Their
 * effects (conversions, refunds, the customer links) are other tables and stay.
 */
export async function pruneIntegrationEvents(db: Db, { retentionDays, batch = PRUNE_BATCH, maxBatches = PRUNE_BATCHES_PER_RUN }: { retentionDays: number; batch?: number; maxBatches?: number }): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const old = db
      .select({ id: integrationEvents.id })
      .from(integrationEvents)
      .where(and(lt(integrationEvents.receivedAt, cutoff), isNull(integrationEvents.nextAttemptAt)))
      .limit(batch);
    const rows = await db.delete(integrationEvents).where(inArray(integrationEvents.id, old)).returning({ id: integrationEvents.id });
    deleted += rows.length;
    if (rows.length < batch) break;
  }
  return deleted;
}
