import { asc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import { newSigningSecret } from '../webhooks/secrets';
import type { WorkspaceCtx } from '../context';

const MINUTE = 60_000;

/**
 * A paused endpoint with a short delivery log. Paused, because the demo's address leads nowhere:
 * live events must not pile up failed retries; the seed's own events are marked dispatched. The
 * log reuses three of those events: two delivered, one answered 500 and waiting to be retried by hand.
 */
export async function seedWebhooks({ ctx }: { ctx: WorkspaceCtx }) {
  const { db, workspaceId } = ctx;
  const events = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, workspaceId)).orderBy(asc(webhookEvents.createdAt)).limit(3);
  await db.update(webhookEvents).set({ dispatchedAt: new Date() }).where(eq(webhookEvents.workspaceId, workspaceId));
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      workspaceId,
      url: 'https://hooks.example.com/refcount',
      events: ['conversion.created', 'commission.created', 'commission.updated', 'payout.created', 'payout.updated'],
      active: false,
      description: 'Demo endpoint (paused): point it at your server, then turn it on',
      secret: newSigningSecret(),
    })
    .returning();
  const outcomes = [
    { status: 'succeeded' as const, lastStatusCode: 200, lastLatencyMs: 84 },
    { status: 'succeeded' as const, lastStatusCode: 204, lastLatencyMs: 121 },
    { status: 'failed' as const, lastStatusCode: 500, lastLatencyMs: 2_310, lastError: 'HTTP 500 Internal Server Error' },
  ];
  for (const [i, e] of events.entries()) {
    const at = new Date(Date.now() - (30 - i * 10) * MINUTE);
    const o = outcomes[i];
    await db.insert(webhookDeliveries).values({
      workspaceId, endpointId: endpoint.id, eventId: e.id, attempts: o.status === 'failed' ? 8 : 1, createdAt: at,
      deliveredAt: o.status === 'succeeded' ? at : null, ...o,
    });
  }
  return endpoint;
}
