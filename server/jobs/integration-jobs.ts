import type { Db } from '@/db/client';
import { BACKFILL_QUEUE, runBackfills } from '../integrations/backfills';
import { CODE_SYNC_QUEUE, runCodeSync } from '../integrations/codes/sync';
import { pruneIntegrationEvents } from '../integrations/event-log';
import { RETRY_QUEUE, retryDueEvents } from '../integrations/process-event';
import { logInfo } from '../lib/log';
import type { JobRunner } from './runner';

export const INTEGRATION_PRUNE_JOB = 'integrations.prune';

const HOURS = 60 * 60;

export type IntegrationJobOptions = {
  /** Seconds between sweeps of due events (tests shorten it). */
  everySeconds?: number;
  /** INTEGRATION_EVENT_RETENTION_DAYS; unset: the event log keeps everything and no prune runs. */
  retentionDays?: number;
};

/**
 * Payment-provider events that wait for another (a refund before its sale) or failed are tried
 * again when due; an idle tick is one indexed read. Every few seconds, so a reordered event
 * catches up soon after what it waited for arrives (which also makes it due at once). With a
 * retention, events older than it leave the log at start and every six hours, in bounded batches.
 */
export async function registerIntegrationJobs(runner: JobRunner, db: Db, { everySeconds = 5, retentionDays }: IntegrationJobOptions = {}) {
  await runner.register(
    RETRY_QUEUE,
    async () => {
      // a backlog left for the next run is taken up at once, not at the next tick
      if ((await retryDueEvents(db)).more) await runner.nudge(RETRY_QUEUE);
    },
    { every: everySeconds, retryLimit: 0 },
  );
  // Backfills started on the Integrations page, a bounded number of pages a run (each page one
  // provider call or a few): the next run starts at once while pages are left, and an idle tick
  // is one indexed read.
  await runner.register(
    BACKFILL_QUEUE,
    async () => {
      if ((await runBackfills(db)).more) await runner.nudge(BACKFILL_QUEUE);
    },
    { every: everySeconds, retryLimit: 0 },
  );
  // Affiliate codes made, changed and deactivated in Stripe and Paddle (server/integrations/codes/):
  // a bounded number of codes a run, the next run at once while some are left; an idle tick is
  // two indexed reads.
  await runner.register(
    CODE_SYNC_QUEUE,
    async () => {
      if ((await runCodeSync(db)).more) await runner.nudge(CODE_SYNC_QUEUE);
    },
    { every: everySeconds, retryLimit: 0 },
  );
  if (retentionDays === undefined) return;
  await runner.register(INTEGRATION_PRUNE_JOB, async () => {
    const deleted = await pruneIntegrationEvents(db, { retentionDays });
    if (deleted) logInfo('integrations.events_pruned', { deleted, retention_days: retentionDays });
  }, { every: 6 * HOURS });
}
