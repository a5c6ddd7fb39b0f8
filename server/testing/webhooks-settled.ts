import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import { eventually } from './webhook-receiver';

// Test support: "nothing more arrives" read from the database instead of assumed after a sleep.
// A request reaches a receiver only as the attempt of a delivery row, and a row is marked
// succeeded or failed only after its receiver answered. So once every event of the workspace is
// dispatched (fanned out into delivery rows) and none of its deliveries is pending, no attempt can
// follow, and what the receivers got is final.
export async function settled(db: DbOrTx, workspaceId: string, ms?: number): Promise<void> {
  await eventually(async () => {
    const [events] = await db
      .select({ n: count() })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.workspaceId, workspaceId), isNull(webhookEvents.dispatchedAt)));
    const [pending] = await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.status, 'pending')));
    return Number(events.n) === 0 && Number(pending.n) === 0;
  }, ms);
}
