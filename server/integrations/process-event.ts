import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '@/db/client';
import { integrationEvents } from '@/db/schema';
import { sweepCursor, sweepWorkspaces, type SweepLimits } from '../domain/jobs/sweep';
import { workspacesWith } from '../domain/jobs/workspaces-with';
import { errorSummary, logError } from '../lib/log';
import { ignored, integrationCtx, Waiting, type IntegrationEvent, type Outcome } from './provider';
import { providerNamed } from './providers';
import { findIntegration } from './settings';

// Waits between tries of an event that waits for another (or hit an error), in seconds; the last
// one repeats. An event is tried until a day after it arrived, far longer than providers take to
// deliver a reordered event; the try at that deadline is final (handlers then decide without
// what they waited for). Time, not a count of tries, ends the waiting: a finished event wakes
// the waiting ones early, and those extra tries must not use up their patience.
export const RETRY_SECONDS = [10, 30, 60, 300, 900, 1800, 3600, 3 * 3600];
export const WAIT_LIMIT_SECONDS = 24 * 3600;
// How long one process may hold an event before another may take it (a crashed receiver).
export const LEASE_SECONDS = 120;

const inSeconds = (s: number) => sql`now() + make_interval(secs => ${s}::int)`;

/**
 * Runs one stored event through its provider's handler, in one transaction with the outcome it
 * writes: either every effect and the `applied`/`ignored` row commit together, or none does
 * and the row says why it will be tried again. A finished event wakes the workspace's waiting
 * events, since it may be what they wait for (a checkout that links no one still tells an
 * invoice there is no referral to wait for).
 */
export async function processEvent(db: Db, row: IntegrationEvent): Promise<IntegrationEvent> {
  const provider = providerNamed(row.provider);
  const attempts = row.attempts + 1;
  const deadline = row.receivedAt.getTime() + WAIT_LIMIT_SECONDS * 1000;
  const final = Date.now() >= deadline;
  try {
    return await db.transaction(async (tx) => {
      const integration = await findIntegration({ ctx: { db: tx, workspaceId: row.workspaceId }, provider: row.provider });
      const handler = provider?.handlers[row.type];
      let outcome: Outcome;
      if (!provider || !integration) outcome = ignored('not_connected', 'the integration was removed');
      else if (!handler) outcome = ignored('unhandled_event', `${row.type} is not an event Refcount acts on`);
      else {
        const { object, ...event } = provider.envelope(row.payload);
        outcome = await handler({ ctx: integrationCtx(tx, row.workspaceId, row.provider), integration, event, object, final });
      }
      const [done] = await tx
        .update(integrationEvents)
        .set({ ...outcome, detail: outcome.detail ?? null, conversionId: outcome.conversionId ?? null, attempts, nextAttemptAt: null, processedAt: new Date() })
        .where(eq(integrationEvents.id, row.id))
        .returning();
      await wakeWaiting(tx, row);
      return done;
    });
  } catch (err) {
    const waiting = err instanceof Waiting;
    if (!waiting) logError('integrations.event_failed', { event: row.eventId, type: row.type, provider: row.provider }, err);
    const wait = RETRY_SECONDS[Math.min(attempts, RETRY_SECONDS.length) - 1];
    const next = final ? null : new Date(Math.min(Date.now() + wait * 1000, deadline, waiting && err.decideAt ? Math.max(err.decideAt.getTime(), Date.now()) : Infinity));
    const detail = waiting ? err.message : failureDetail(err);
    const [later] = await db
      .update(integrationEvents)
      .set({
        status: waiting && next ? 'waiting' : 'failed',
        action: waiting ? 'waiting' : 'error',
        detail,
        attempts,
        nextAttemptAt: next,
        processedAt: new Date(),
      })
      .where(eq(integrationEvents.id, row.id))
      .returning();
    return later;
  }
}

/**
 * Why an event failed, in words for the event log (its action already says "error"): a payload
 * that does not parse names the fields, anything else its first line, SQL parameters left out.
 */
export function failureDetail(err: unknown): string {
  if (err instanceof z.ZodError) {
    const fields = err.issues.slice(0, 3).map((i) => `${i.path.length ? i.path.join('.') : 'the event'}: ${i.message}`);
    return `the event's data did not parse (${fields.join('; ')}${err.issues.length > 3 ? `; ${err.issues.length - 3} more` : ''})`.slice(0, 300);
  }
  return errorSummary(err);
}

async function wakeWaiting(db: DbOrTx, row: IntegrationEvent) {
  await db
    .update(integrationEvents)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(integrationEvents.workspaceId, row.workspaceId),
        eq(integrationEvents.provider, row.provider),
        eq(integrationEvents.status, 'waiting'),
        // only those not already due: after the first wake a burst of finished events touches no row
        sql`${integrationEvents.nextAttemptAt} > now()`,
      ),
    );
}

export const RETRY_QUEUE = 'integrations.retry';
// Twenty events a workspace a turn, at most 100 a run: a workspace with thousands of events
// waiting (a backfill, a reordered burst) takes its turns beside the others.
export const RETRY_LIMITS: SweepLimits = { batchSize: 20, rounds: 5, budget: 100 };

/**
 * The retry job's sweep: events whose next try is due (waiting, failed with tries left, or
 * received by a process that died before finishing), each workspace's oldest due first, workspaces
 * taking turns (domain/jobs/sweep.ts). Claiming moves the due time a lease ahead in one
 * conditional update, so two workers never run the same event at once. `ran`: events this call
 * ran; `more`: due events were left for the next run.
 */
export async function retryDueEvents(db: Db, limits = RETRY_LIMITS): Promise<{ ran: number; more: boolean }> {
  let ran = 0;
  const { more } = await sweepWorkspaces({
    db,
    queue: RETRY_QUEUE,
    workspaces: await workspacesWith(db, 'integration_events', sql`next_attempt_at is not null`, { after: sweepCursor(RETRY_QUEUE) }),
    limits,
    batch: async (workspaceId) => {
      const due = await db
        .select({ id: integrationEvents.id })
        .from(integrationEvents)
        .where(and(eq(integrationEvents.workspaceId, workspaceId), sql`${integrationEvents.nextAttemptAt} <= now()`))
        .orderBy(integrationEvents.nextAttemptAt)
        .limit(limits.batchSize);
      for (const { id } of due) {
        const [claimed] = await db
          .update(integrationEvents)
          .set({ nextAttemptAt: inSeconds(LEASE_SECONDS) })
          .where(and(eq(integrationEvents.id, id), sql`${integrationEvents.nextAttemptAt} <= now()`))
          .returning();
        if (!claimed) continue;
        await processEvent(db, claimed);
        ran++;
      }
      return due.length;
    },
  });
  return { ran, more };
}
