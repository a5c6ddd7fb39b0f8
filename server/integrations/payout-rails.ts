import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { systemActor, type WorkspaceCtx } from '../domain/context';
import { workspacesWith } from '../domain/jobs/workspaces-with';
import type { PayoutRail, TransferRail } from '../domain/payouts/rails';
import { finishProcessing } from '../domain/payouts/send-batch';
import { errorSummary, logError } from '../lib/log';
import { apiKeyOf, findIntegration } from './settings';
import { paypalApi } from './paypal/api';
import { paypalCredentials } from './paypal/credentials';
import { paypalRail } from './paypal/payouts';
import { stripeRail } from './stripe/transfers';

/** The workspace's Stripe Connect rail: its Stripe integration's API key, or null without one. */
export async function workspaceRail(ctx: WorkspaceCtx): Promise<TransferRail | null> {
  const integration = await findIntegration({ ctx, provider: 'stripe' });
  const key = integration && apiKeyOf(integration);
  return key ? stripeRail(key) : null;
}

/** The workspace's PayPal Payouts rail: its PayPal integration's client id and secret, or null without them. */
export async function workspacePaypalRail(ctx: WorkspaceCtx): Promise<PayoutRail | null> {
  const integration = await findIntegration({ ctx, provider: 'paypal' });
  const creds = integration && paypalCredentials(integration);
  return creds ? paypalRail(paypalApi(creds)) : null;
}

/** Every rail the workspace can send through. */
export async function workspaceRails(ctx: WorkspaceCtx): Promise<PayoutRail[]> {
  return [await workspaceRail(ctx), await workspacePaypalRail(ctx)].filter((r): r is PayoutRail => !!r);
}

export const PAYOUT_RECOVERY_QUEUE = 'payouts.finish_processing';
// A send in progress finishes its own lines; the job takes only those left this long.
const LEFT_FOR_MS = 2 * 60_000;

/**
 * The job finishing lines left processing (a send killed mid-way, answers lost): each is sent
 * again under its idempotency key, so Stripe answers the transfer it already made, or PayPal
 * refuses the sender_batch_id it made and its batch is read (docs/paying-affiliates.md#never-paid-twice). One workspace's failure does not stop the others.
 */
export async function finishStuckPayouts(db: Db, now = new Date()): Promise<{ finished: number }> {
  const { ids } = await workspacesWith(db, 'payouts', sql`status = 'processing'`);
  let finished = 0;
  for (const workspaceId of ids) {
    const ctx = { db, workspaceId, actor: systemActor('payouts.finish_processing') };
    try {
      for (const rail of await workspaceRails(ctx)) finished += (await finishProcessing({ ctx, rail, sentBefore: new Date(now.getTime() - LEFT_FOR_MS) })).length;
    } catch (err) {
      logError('payouts.finish_processing', { workspaceId, error: errorSummary(err) }, err);
    }
  }
  return { finished };
}
