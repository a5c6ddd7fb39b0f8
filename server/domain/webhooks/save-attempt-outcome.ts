import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { deliveryJob, type DeliveryJob } from './delivery-job';
import type { WebhookEndpoint } from './endpoints';
import { nextAttemptAt, parseRetryAfter } from './retry-schedule';
import type { SendResult } from './send-webhook';

type Delivery = typeof webhookDeliveries.$inferSelect;
export type Outcome = Pick<SendResult, 'ok' | 'statusCode' | 'latencyMs' | 'error' | 'retryAfter'> & { sent: boolean };

const FAILING_LIMIT_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * Writes one attempt's result. A scheduled attempt that failed gets its next try (returned as
 * the job to enqueue); a manual one (test, redeliver) leaves any scheduled retry as it was.
 */
export async function saveAttemptOutcome(
  db: DbOrTx,
  args: { delivery: Delivery; endpoint: WebhookEndpoint | undefined; outcome: Outcome; now: Date; retryScale: number; manual: boolean },
): Promise<{ job: DeliveryJob | null; status: Delivery['status'] }> {
  const { delivery, endpoint, outcome, now } = args;
  const attempts = delivery.attempts + (outcome.sent ? 1 : 0);
  const result = { attempts, lastStatusCode: outcome.statusCode, lastLatencyMs: outcome.sent ? outcome.latencyMs : null, lastError: outcome.error };
  const byId = eq(webhookDeliveries.id, delivery.id);

  if (outcome.ok) {
    await db.update(webhookDeliveries).set({ ...result, status: 'succeeded', nextAttemptAt: null, deliveredAt: now }).where(byId);
    if (endpoint?.failingSince) await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    return { job: null, status: 'succeeded' };
  }

  const disable = endpoint?.active ? disabledReason(endpoint, outcome, now) : null;
  let next: Date | null = null;
  if (!disable && endpoint?.active && outcome.sent) {
    next = args.manual
      ? delivery.status === 'pending' ? delivery.nextAttemptAt : null
      : nextAttemptAt(attempts, now, args.retryScale, parseRetryAfter(outcome.retryAfter, now));
  }
  const status = next ? 'pending' : 'failed';
  await db.update(webhookDeliveries).set({ ...result, status, nextAttemptAt: next }).where(byId);
  if (endpoint && outcome.sent) {
    if (disable) {
      await db
        .update(webhookEndpoints)
        .set({ active: false, disabledReason: disable, failingSince: endpoint.failingSince ?? now, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.active, true)));
    } else if (!endpoint.failingSince) {
      await db.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, endpoint.id));
    }
  }
  return { job: next && !args.manual ? deliveryJob(delivery.id, next) : null, status };
}

// 410 Gone is the receiver saying "stop"; five days of nothing but failures means nobody listens.
function disabledReason(endpoint: WebhookEndpoint, outcome: Outcome, now: Date): string | null {
  if (!outcome.sent) return null;
  if (outcome.statusCode === 410) return 'the endpoint answered 410 Gone';
  if (endpoint.failingSince && now.getTime() - endpoint.failingSince.getTime() >= FAILING_LIMIT_MS) {
    return 'every delivery failed for 5 days';
  }
  return null;
}
