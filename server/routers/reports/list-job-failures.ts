// dashboard-only: the background jobs failing for this workspace (kept until they succeed again)
import { CONFIRM_QUEUE } from '../../domain/conversions/confirm';
import { BOUNTY_QUEUE } from '../../domain/bounties/evaluate';
import { workspaceJobFailures } from '../../domain/jobs/failures';
import { OUTBOX_QUEUE } from '../../domain/mail/deliver-outbox';
import { RISK_DAILY_QUEUE, RISK_TRIGGERS_QUEUE } from '../../domain/risk/scheduled';
import { DISPATCH_QUEUE } from '../../domain/webhooks/dispatch-events';
import { RETRY_QUEUE } from '../../integrations/process-event';
import { workspaceProcedure } from '../../trpc/procedures';
import { listJobFailuresInput, listJobFailuresOutput } from './list-job-failures.types';

// What each job does, in a manager's words (the queue name stays for the operator's log).
const LABELS: Record<string, string> = {
  [CONFIRM_QUEUE]: 'Confirming sales after the hold period',
  [DISPATCH_QUEUE]: 'Sending webhook events',
  [OUTBOX_QUEUE]: 'Sending e-mails',
  [RETRY_QUEUE]: 'Retrying payment-provider events',
  [RISK_DAILY_QUEUE]: 'Daily risk assessment',
  [RISK_TRIGGERS_QUEUE]: 'Risk re-assessment after refunds',
  [BOUNTY_QUEUE]: 'Judging performance bounties',
};

export const listJobFailuresProcedure = workspaceProcedure('read')
  .input(listJobFailuresInput)
  .output(listJobFailuresOutput)
  .query(async ({ ctx }) => ({
    data: (await workspaceJobFailures({ ctx })).map((f) => ({
      job: f.queue,
      label: LABELS[f.queue] ?? f.queue,
      error: f.error,
      failures: f.failures,
      first_failed_at: f.firstFailedAt.toISOString(),
      last_failed_at: f.lastFailedAt.toISOString(),
    })),
  }));
