// GET /v1/webhooks/{id}/deliveries: the endpoint's delivery log
import { presentWebhookDelivery } from '../../contracts/webhook';
import { listDeliveries } from '../../domain/webhooks/deliveries';
import { getEndpoint } from '../../domain/webhooks/endpoints';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listWebhookDeliveriesInput, listWebhookDeliveriesMeta, listWebhookDeliveriesOutput } from './list-webhook-deliveries.types';

export const listWebhookDeliveriesProcedure = workspaceProcedure('read')
  .meta(listWebhookDeliveriesMeta)
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const endpoint = await getEndpoint({ ctx, id: input.id });
    return listPage(
      'webhook_deliveries',
      input,
      (limit, offset) => listDeliveries({ ctx, endpointId: endpoint.id, status: input.status, page: { limit, offset } }),
      presentWebhookDelivery,
    );
  });
