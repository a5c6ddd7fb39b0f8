import type { Database } from '@/db/client';
import { workspaces } from '@/db/schema';
import { confirmDueConversions } from '../domain/conversions/confirm';
import { deliverOutbox } from '../domain/mail/deliver-outbox';
import { foldRollups } from '../domain/rollups/fold';
import { assessAffiliates, assessWorkspace, MAX_ASSESSED_TOGETHER } from '../domain/risk/assess';
import { riskTriggers, triggeredGroups } from '../domain/risk/triggers';
import { registerClickPartitionJobs } from './click-partition-jobs';
import { registerIntegrationJobs } from './integration-jobs';
import type { Config } from '../lib/env';
import type { JobRunner } from './runner';

const MINUTE = 60;

// The application's periodic jobs besides webhook delivery (registered in start.ts).
export async function registerAppJobs(runner: JobRunner, database: Database, config: Config) {
  const { db } = database;
  // Pending sales past hold_days become confirmed (and auto-approved when set).
  await runner.register('conversions.confirm', async () => void (await confirmDueConversions(db)), { every: 5 * MINUTE });
  // Invitation and sign-in-link e-mails written to the outbox in the transaction that caused them.
  // Someone is waiting at their inbox for a sign-in link: a few seconds, not half a minute; an idle
  // tick is one indexed read of queued rows.
  await runner.register('mail.deliver', async () => void (await deliverOutbox({ db, smtpUrl: config.smtpUrl })), { every: 5 });
  // Rollup deltas appended by clicks and conversions move into daily_rollups. Reports add the
  // unfolded rows themselves, so this bounds how many they add, not whether they are exact.
  await runner.register('rollups.fold', async () => void (await foldRollups({ db })), { every: 2 });
  await registerIntegrationJobs(runner, db);
  await registerClickPartitionJobs(runner, database, config);
  // Every active affiliate is re-assessed daily...
  await runner.register('risk.daily', async () => {
    for (const ws of await db.select({ id: workspaces.id }).from(workspaces)) await assessWorkspace({ ctx: { db, workspaceId: ws.id }, llm: config.riskLlm });
  }, { every: 24 * 60 * MINUTE });
  // ...and soon after a refund or chargeback touches one of its conversions, or its clicks spike:
  // the affiliates of one workspace together, each workspace measured once.
  await runner.register('risk.triggers', async () => {
    for (const { workspaceId, affiliateIds } of triggeredGroups(await riskTriggers(db), MAX_ASSESSED_TOGETHER)) {
      await assessAffiliates({ ctx: { db, workspaceId }, affiliateIds, llm: config.riskLlm });
    }
  }, { every: 10 * MINUTE });
}
