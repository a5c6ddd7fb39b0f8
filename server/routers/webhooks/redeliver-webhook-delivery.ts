// POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver: send a delivery again now
import { presentWebhookDelivery } from '../../contracts/webhook';
import { redeliver } from '../../domain/webhooks/manual-attempts';
import { webhookSettings } from '../../domain/webhooks/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { redeliverWebhookDeliveryInput, redeliverWebhookDeliveryMeta, redeliverWebhookDeliveryOutput } from './redeliver-webhook-delivery.types';

export const redeliverWebhookDeliveryProcedure = workspaceProcedure('write')
  .meta(redeliverWebhookDeliveryMeta)
  .input(redeliverWebhookDeliveryInput)
  .output(redeliverWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const settings = webhookSettings(ctx.services.config);
    const row = await redeliver({ ctx, settings, endpointId: input.id, deliveryId: input.delivery_id });
    return { object: 'webhook_delivery' as const, data: presentWebhookDelivery(row) };
  });
