// GET /v1/webhooks/{id}: get a webhook endpoint
import { presentWebhookEndpoint } from '../../contracts/webhook';
import { getEndpoint } from '../../domain/webhooks/endpoints';
import { workspaceProcedure } from '../../trpc/procedures';
import { getWebhookInput, getWebhookMeta, getWebhookOutput } from './get-webhook.types';

export const getWebhookProcedure = workspaceProcedure('read')
  .meta(getWebhookMeta)
  .input(getWebhookInput)
  .output(getWebhookOutput)
  .query(async ({ ctx, input }) => ({
    object: 'webhook_endpoint' as const,
    data: presentWebhookEndpoint(await getEndpoint({ ctx, id: input.id })),
  }));
