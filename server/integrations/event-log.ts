import { and, count, desc, eq, max } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { integrationEvents, workspaces } from '@/db/schema';
import { notFound } from '../errors/errors';
import type { WorkspaceCtx } from '../domain/context';
import { processEvent } from './process-event';
import type { IntegrationEvent, PaymentProvider } from './provider';
import { recordId } from '../domain/records';

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
  const counts = { received: 0, applied: 0, ignored: 0, waiting: 0, failed: 0 };
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
 * changes that repeat nothing). Another workspace's event is indistinguishable from a missing one.
 */
export async function replayEvent({ ctx, provider, id }: { ctx: WorkspaceCtx & { db: Db }; provider: PaymentProvider; id: string }): Promise<IntegrationEvent> {
  recordId(id, () => notFound('event'));
  const [row] = await ctx.db
    .update(integrationEvents)
    .set({ attempts: 0, nextAttemptAt: null })
    .where(and(byProvider(ctx, provider), eq(integrationEvents.id, id)))
    .returning();
  if (!row) throw notFound('event');
  return processEvent(ctx.db, row);
}
