import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { deliveryJob, type DeliveryJob } from './delivery-job';

/** How late a delivery must be before its job counts as lost: past any lease and queue lag. */
const GRACE_MS = 2 * 60_000;

/**
 * Delivery jobs are enqueued after the database write that makes them due, so a crash in
 * between loses the job, never the delivery. This finds such deliveries; the jobs it returns
 * carry the current `due`, so they cannot double an attempt that is merely running late.
 */
export async function overdueDeliveries(db: DbOrTx, limit = 1000): Promise<DeliveryJob[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id, due: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, new Date(Date.now() - GRACE_MS))))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => deliveryJob(r.id, r.due!));
}
