import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import type { WebhookEndpoint } from './endpoints';
import type { Outcome } from './save-attempt-outcome';

type Delivered = { delivery: typeof webhookDeliveries.$inferSelect; endpoint: WebhookEndpoint; outcome: Outcome };

// CASE id WHEN … THEN … END: one value per row in a single statement, on both drivers.
const perRow = (items: Delivered[], value: (d: Delivered) => number | null, type: 'integer') =>
  sql`(case ${webhookDeliveries.id} ${sql.join(
    items.map((d) => sql`when ${d.delivery.id}::uuid then ${value(d)}::${sql.raw(type)}`),
    sql` `,
  )} end)` as SQL<number>;

/**
 * The common case of a batch, written in one statement instead of one per delivery: the
 * delivery worker's throughput is bound by these round trips.
 */
export async function saveAttemptOutcomes(db: DbOrTx, items: Delivered[], now: Date): Promise<void> {
  if (!items.length) return;
  await db
    .update(webhookDeliveries)
    .set({
      status: 'succeeded',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: perRow(items, (d) => d.outcome.statusCode, 'integer'),
      lastLatencyMs: perRow(items, (d) => d.outcome.latencyMs, 'integer'),
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: now,
    })
    .where(inArray(webhookDeliveries.id, items.map((d) => d.delivery.id)));
  const recovered = [...new Set(items.filter((d) => d.endpoint.failingSince).map((d) => d.endpoint.id))];
  if (recovered.length) await db.update(webhookEndpoints).set({ failingSince: null }).where(inArray(webhookEndpoints.id, recovered));
}
