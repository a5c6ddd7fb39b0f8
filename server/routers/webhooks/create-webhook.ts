// POST /v1/webhooks: subscribe an endpoint to events
import { presentWebhookEndpointWithSecret } from '../../contracts/webhook';
import { webhookSettings } from '../../domain/webhooks/settings';
import { createEndpoint } from '../../domain/webhooks/write-endpoint';
import { workspaceProcedure } from '../../trpc/procedures';
import { createWebhookInput, createWebhookMeta, createWebhookOutput } from './create-webhook.types';

export const createWebhookProcedure = workspaceProcedure('write')
  .meta(createWebhookMeta)
  .input(createWebhookInput)
  .output(createWebhookOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createEndpoint({ ctx, settings: webhookSettings(ctx.services.config), input });
    return { object: 'webhook_endpoint' as const, data: presentWebhookEndpointWithSecret(row) };
  });
