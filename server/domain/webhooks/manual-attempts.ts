import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DeliveryRow } from '../../contracts/webhook';
import { newId } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';
import { attempt } from './deliver';
import { getDelivery } from './deliveries';
import { getEndpoint } from './endpoints';
import { saveAttemptOutcome } from './save-attempt-outcome';
import type { WebhookSettings } from './settings';

type Deps = { ctx: WorkspaceCtx; settings: WebhookSettings; endpointId: string };

// Manual attempts run inline, so the caller sees the receiver's answer at once; they are sent
// even to a disabled endpoint (that is how its owner checks a fix before turning it back on).
async function sendNow({ ctx, settings, endpointId }: Deps, deliveryId: string): Promise<DeliveryRow> {
  const endpoint = await getEndpoint({ ctx, id: endpointId });
  const delivery = await getDelivery({ ctx, endpointId: endpoint.id, id: deliveryId });
  const [event] = await ctx.db.select({ payload: webhookEvents.payload }).from(webhookEvents).where(eq(webhookEvents.id, delivery.eventId));
  const outcome = await attempt(endpoint, event?.payload, settings, { force: true });
  await saveAttemptOutcome(ctx.db, { delivery, endpoint, outcome, now: new Date(), retryScale: settings.retryScale, manual: true });
  return getDelivery({ ctx, endpointId: endpoint.id, id: deliveryId });
}

/** POST /v1/webhooks/{id}/test: a signed `ping` event, to this endpoint only, sent now. */
export async function sendPing(deps: Deps): Promise<DeliveryRow> {
  const { ctx, endpointId } = deps;
  const endpoint = await getEndpoint({ ctx, id: endpointId });
  const id = newId();
  const now = new Date();
  const payload = {
    id,
    type: 'ping',
    timestamp: now.toISOString(),
    data: { object: 'ping', webhook_endpoint_id: endpoint.id, message: 'Refcount test event' },
  };
  const deliveryId = newId();
  await ctx.db.transaction(async (tx) => {
    // Born dispatched: the dispatcher must not fan a ping out to the other endpoints.
    await tx.insert(webhookEvents).values({ id, workspaceId: ctx.workspaceId, type: 'ping', payload, createdAt: now, dispatchedAt: now });
    await tx.insert(webhookDeliveries).values({ id: deliveryId, workspaceId: ctx.workspaceId, endpointId: endpoint.id, eventId: id, nextAttemptAt: null });
  });
  return sendNow(deps, deliveryId);
}

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver: one more attempt, now. */
export const redeliver = (deps: Deps & { deliveryId: string }) => sendNow(deps, deps.deliveryId);
