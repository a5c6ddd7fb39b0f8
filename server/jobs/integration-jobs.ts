import type { Db } from '@/db/client';
import { retryDueEvents } from '../integrations/process-event';
import type { JobRunner } from './runner';

export const INTEGRATION_RETRY_JOB = 'integrations.retry';

/**
 * Payment-provider events that wait for another (a refund before its sale) or failed are tried
 * again when due; an idle tick is one indexed read. Every few seconds, so a reordered event
 * catches up soon after what it waited for arrives (which also makes it due at once).
 */
export async function registerIntegrationJobs(runner: JobRunner, db: Db, everySeconds = 5) {
  await runner.register(INTEGRATION_RETRY_JOB, async () => void (await retryDueEvents(db)), { every: everySeconds, retryLimit: 0 });
}
