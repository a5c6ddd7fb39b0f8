import { v5 as uuidv5 } from 'uuid';
import type { Database } from '@/db/client';
import { deliverBatch } from '../domain/webhooks/deliver';
import type { DeliveryJob } from '../domain/webhooks/delivery-job';
import { DISPATCH_QUEUE, dispatchPendingEvents } from '../domain/webhooks/dispatch-events';
import { overdueDeliveries } from '../domain/webhooks/recover-deliveries';
import type { WebhookSettings } from '../domain/webhooks/settings';
import type { JobRunner, QueuedJob } from './runner';

export const WEBHOOK_JOBS = { dispatch: DISPATCH_QUEUE, deliver: 'webhooks-deliver', recover: 'webhooks-recover' } as const;

const JOB_ID_NAMESPACE = '6f1d4f3e-2b7a-4c55-9a54-0c1e6f1b8d21';

// The job id is derived from the attempt it stands for, so sending the same attempt twice
// (dispatch retried, recovery overlapping a late job) queues it once.
const queued = (job: DeliveryJob): QueuedJob<DeliveryJob> => ({
  data: job,
  startAfter: new Date(job.due),
  id: uuidv5(`${job.deliveryId}@${job.due}`, JOB_ID_NAMESPACE),
});

/**
 * Webhook delivery as jobs: the dispatcher turns committed events into deliveries, delivery
 * workers send them and schedule their retries, and a slow sweep re-queues deliveries whose
 * job was lost between a database write and the enqueue.
 */
export async function registerWebhookJobs(runner: JobRunner, database: Database, settings: WebhookSettings) {
  const { db } = database;
  await runner.registerBatch<DeliveryJob>(
    WEBHOOK_JOBS.deliver,
    async (jobs) => {
      const retries = await deliverBatch(db, settings, jobs);
      await runner.send(WEBHOOK_JOBS.deliver, retries.map(queued));
    },
    // Each job of a batch waits at most the 10 s timeout, so a batch finishes well within expiry.
    { batchSize: 50, workers: 2, pollSeconds: 0.5, expireInSeconds: 120, retryLimit: 3, retryDelay: 5 },
  );
  await runner.register(
    WEBHOOK_JOBS.dispatch,
    async () => {
      const { more } = await dispatchPendingEvents(db, (jobs) => runner.send(WEBHOOK_JOBS.deliver, jobs.map(queued)));
      // a backlog is drained by the next runs, one queued at once rather than in a second
      if (more) await runner.nudge(WEBHOOK_JOBS.dispatch);
    },
    { every: 1, retryLimit: 0, expireInSeconds: 300 },
  );
  await runner.register(
    WEBHOOK_JOBS.recover,
    async () => runner.send(WEBHOOK_JOBS.deliver, (await overdueDeliveries(db)).map(queued)),
    { every: 60, retryLimit: 0 },
  );
}
