import type { Database } from '@/db/client';
import { webhookSettings, type WebhookSettings } from '../domain/webhooks/settings';
import type { Config } from '../lib/env';
import { createJobRunner, type JobRunner } from './runner';
import { registerAppJobs } from './app-jobs';
import { registerWebhookJobs, WEBHOOK_JOBS } from './webhook-jobs';

export type StartJobRunnerOptions = {
  database: Database;
  config: Config;
  /** Overrides of the configured delivery settings (tests compress the retry schedule). */
  webhooks?: Partial<WebhookSettings>;
};

/**
 * The background worker of a process (server entries and `npx refcount worker`): pg-boss with
 * every job of the application registered. Other areas add theirs with runner.register(name,
 * handler, { every: seconds }) on the returned runner, or here.
 */
export async function startJobRunner({ database, config, webhooks }: StartJobRunnerOptions): Promise<JobRunner & { nudgeWebhooks: () => Promise<void> }> {
  const runner = await createJobRunner(database);
  try {
    await registerWebhookJobs(runner, database, webhookSettings(config, webhooks));
    if (!webhooks) await registerAppJobs(runner, database, config);
  } catch (err) {
    await runner.stop();
    throw err;
  }
  return { ...runner, nudgeWebhooks: () => runner.nudge(WEBHOOK_JOBS.dispatch) };
}
