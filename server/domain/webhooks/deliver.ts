import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import type { DeliveryJob } from './delivery-job';
import type { WebhookEndpoint } from './endpoints';
import { saveAttemptOutcome, type Outcome } from './save-attempt-outcome';
import { saveAttemptOutcomes } from './save-attempt-outcomes';
import { sendWebhook } from './send-webhook';
import type { WebhookSettings } from './settings';
import { webhookMessage } from './webhook-message';

type Delivery = typeof webhookDeliveries.$inferSelect;

/** Long enough for one attempt (timeout included); a worker that dies holds a delivery this long. */
export const LEASE_MS = 60_000;

function refusal(endpoint: WebhookEndpoint | undefined, payload: unknown, force: boolean): string | null {
  if (!endpoint) return 'the endpoint was deleted';
  if (!payload) return 'the event no longer exists';
  if (!endpoint.active && !force) return 'the endpoint is disabled';
  return null;
}

/** Sends one delivery now (no claim): the shared path of scheduled and manual attempts. */
export async function attempt(
  endpoint: WebhookEndpoint | undefined,
  payload: unknown,
  settings: WebhookSettings,
  opts: { force?: boolean } = {},
): Promise<Outcome> {
  const why = refusal(endpoint, payload, opts.force ?? false);
  if (why || !endpoint) return { ok: false, sent: false, statusCode: null, latencyMs: 0, error: why, retryAfter: undefined };
  const { body, headers } = webhookMessage(endpoint, payload, new Date());
  const result = await sendWebhook({ url: endpoint.url, headers, body }, { allowPrivate: settings.allowPrivateUrls, timeoutMs: settings.timeoutMs });
  return { ...result, sent: true };
}

/**
 * Takes the attempts these jobs stand for: one statement moves each matching delivery's
 * next_attempt_at to a lease, so exactly one job wins an attempt however many carry it.
 */
async function claim(db: DbOrTx, jobs: DeliveryJob[]): Promise<Delivery[]> {
  if (!jobs.length) return [];
  return db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS) })
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        or(...jobs.map((j) => and(eq(webhookDeliveries.id, j.deliveryId), eq(webhookDeliveries.nextAttemptAt, new Date(j.due))))),
      ),
    )
    .returning();
}

/** Runs a batch of delivery jobs in parallel; returns the retries to schedule. */
export async function deliverBatch(db: DbOrTx, settings: WebhookSettings, jobs: DeliveryJob[]): Promise<DeliveryJob[]> {
  const claimed = await claim(db, jobs);
  if (!claimed.length) return [];
  const [endpoints, events] = await Promise.all([
    db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))])),
    db
      .select({ id: webhookEvents.id, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, [...new Set(claimed.map((d) => d.eventId))])),
  ]);
  const endpointById = new Map(endpoints.map((e) => [e.id, e]));
  const payloadById = new Map(events.map((e) => [e.id, e.payload]));
  const attempted = await Promise.all(
    claimed.map(async (delivery) => {
      const endpoint = endpointById.get(delivery.endpointId);
      return { delivery, endpoint, outcome: await attempt(endpoint, payloadById.get(delivery.eventId), settings) };
    }),
  );
  const now = new Date();
  const delivered = attempted.filter((a): a is typeof a & { endpoint: WebhookEndpoint } => a.outcome.ok && !!a.endpoint);
  await saveAttemptOutcomes(db, delivered, now);
  const retries: DeliveryJob[] = [];
  for (const a of attempted) {
    if (a.outcome.ok && a.endpoint) continue;
    const { job } = await saveAttemptOutcome(db, { ...a, now, retryScale: settings.retryScale, manual: false });
    if (job) retries.push(job);
  }
  return retries;
}
