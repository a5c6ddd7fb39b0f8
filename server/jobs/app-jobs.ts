import type { Database } from '@/db/client';
import { CODE_GENERATE_QUEUE, generateMissingCodesEverywhere } from '../domain/codes/lifecycle';
import { CONFIRM_QUEUE, confirmDueConversions } from '../domain/conversions/confirm';
import { CODE_SYNC_QUEUE } from '../integrations/codes/sync';
import { deliverOutbox, OUTBOX_QUEUE } from '../domain/mail/deliver-outbox';
import { EVENT_MAIL_QUEUE, mailFromEvents } from '../domain/mail/from-events';
import { foldRollups } from '../domain/rollups/fold';
import { BOUNTY_QUEUE, evaluateEveryWorkspace as evaluateBounties } from '../domain/bounties/evaluate';
import { evaluateActivity, evaluateEveryWorkspace as evaluateMoveRules, MOVE_ACTIVITY_QUEUE, MOVE_NIGHTLY_QUEUE } from '../domain/groups/move-job';
import { assessEveryWorkspace, assessTriggered, RISK_DAILY_QUEUE, RISK_TRIGGERS_QUEUE } from '../domain/risk/scheduled';
import { IMPORT_QUEUE, runQueuedImports } from '../importers/import-runs';
import { registerClickPartitionJobs } from './click-partition-jobs';
import { registerIntegrationJobs } from './integration-jobs';
import { deliverRewards, REWARD_DELIVERY_QUEUE } from '../integrations/rewards/deliveries';
import { finishStuckPayouts, PAYOUT_RECOVERY_QUEUE } from '../integrations/payout-rails';
import type { Config } from '../lib/env';
import type { JobRunner } from './runner';

const MINUTE = 60;

// The application's periodic jobs besides webhook delivery (registered in start.ts). Each sweeping
// job works in bounded batches, one workspace's turn after another's, and isolates a failing
// workspace (server/domain/jobs/sweep.ts); one that stops with work left queues its next run at once.
export async function registerAppJobs(runner: JobRunner, database: Database, config: Config) {
  const { db } = database;
  const again = async (queue: string, { more }: { more: boolean }) => {
    if (more) await runner.nudge(queue);
  };
  // Pending sales past hold_days become confirmed (and auto-approved when set).
  await runner.register(CONFIRM_QUEUE, async () => again(CONFIRM_QUEUE, await confirmDueConversions(db)), { every: 5 * MINUTE });
  // Invitation and sign-in-link e-mails written to the outbox in the transaction that caused them.
  // Someone is waiting at their inbox for a sign-in link: a few seconds, not half a minute; an idle
  // tick is one indexed read of queued rows.
  await runner.register(OUTBOX_QUEUE, async () => again(OUTBOX_QUEUE, await deliverOutbox({ db, smtpUrl: config.smtpUrl, logLinks: config.devMail })), { every: 5 });
  // Affiliate e-mails made from the domain's events (docs/emails.md#how-they-are-made); they reach
  // the outbox above. Idle: one index probe per workspace.
  await runner.register(EVENT_MAIL_QUEUE, async () => again(EVENT_MAIL_QUEUE, await mailFromEvents({ db, publicUrl: config.publicUrl })), { every: 15 });
  // Rollup deltas appended by clicks and conversions move into daily_rollups. Reports add the
  // unfolded rows themselves, so this bounds how many they add, not whether they are exact.
  await runner.register('rollups.fold', async () => void (await foldRollups({ db })), { every: 2 });
  // Codes for affiliates of discounted campaigns that have none yet (server/domain/codes/lifecycle.ts);
  // what it makes, the code sync pushes to the providers at once.
  await runner.register(CODE_GENERATE_QUEUE, async () => {
    const report = await generateMissingCodesEverywhere(db);
    if (report.done) await runner.nudge(CODE_SYNC_QUEUE);
    await again(CODE_GENERATE_QUEUE, report);
  }, { every: MINUTE });
  // Imports from another platform started on the Import page (server/importers/import-runs.ts):
  // a run goes from its first page to its last in one job (hours at most: no expiry before), never
  // retried by pg-boss (starting again resumes); an idle tick is one indexed read.
  await runner.register(IMPORT_QUEUE, async () => again(IMPORT_QUEUE, await runQueuedImports(db)), { every: 2, retryLimit: 0, expireInSeconds: 6 * 60 * MINUTE });
  await registerIntegrationJobs(runner, db, { retentionDays: config.integrationEventRetentionDays });
  await registerClickPartitionJobs(runner, database, config);
  // Rewards delivered in the billing system (docs/rewards-in-billing.md): a new earning's credit
  // or free months soon after its sale, and taken back soon after a refund in the hold; an idle
  // tick is two skip scans of small partial indexes.
  await runner.register(REWARD_DELIVERY_QUEUE, async () => again(REWARD_DELIVERY_QUEUE, await deliverRewards(db)), { every: 10 });
  // Payout lines a send left processing (killed mid-way, answers lost) are sent again under their
  // idempotency keys (docs/paying-affiliates.md#never-paid-twice); idle: one partial-index probe.
  await runner.register(PAYOUT_RECOVERY_QUEUE, async () => void (await finishStuckPayouts(db)), { every: MINUTE });
  // Performance bounties (docs/groups-bounties-recruiters.md#bounties): each workspace with a live
  // one has its active affiliates' period totals judged, 500 at a time; a reached bounty's
  // commission is written once per period whatever runs race.
  await runner.register(BOUNTY_QUEUE, async () => again(BOUNTY_QUEUE, await evaluateBounties(db)), { every: 5 * MINUTE });
  // Every active affiliate is re-assessed daily...
  await runner.register(RISK_DAILY_QUEUE, async () => void (await assessEveryWorkspace(db, config.riskLlm)), { every: 24 * 60 * MINUTE });
  // ...and soon after a refund or chargeback touches one of its conversions, or its clicks spike.
  await runner.register(RISK_TRIGGERS_QUEUE, async () => void (await assessTriggered(db, config.riskLlm)), { every: 10 * MINUTE });
  // Move rules (docs/groups-bounties-recruiters.md#move-rules): soon after new conversions or
  // commissions (read past a cursor, nothing added to the sale path), and nightly for days enrolled.
  await runner.register(MOVE_ACTIVITY_QUEUE, async () => again(MOVE_ACTIVITY_QUEUE, await evaluateActivity(db)), { every: MINUTE });
  await runner.register(MOVE_NIGHTLY_QUEUE, async () => void (await evaluateMoveRules(db)), { every: 24 * 60 * MINUTE });
}
