// PATCH /v1/webhooks/{id}: update a webhook endpoint
import { presentWebhookEndpoint } from '../../contracts/webhook';
import { webhookSettings } from '../../domain/webhooks/settings';
import { updateEndpoint } from '../../domain/webhooks/write-endpoint';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateWebhookInput, updateWebhookMeta, updateWebhookOutput } from './update-webhook.types';

export const updateWebhookProcedure = workspaceProcedure('write')
  .meta(updateWebhookMeta)
  .input(updateWebhookInput)
  .output(updateWebhookOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...patch } = input;
    const row = await updateEndpoint({ ctx, settings: webhookSettings(ctx.services.config), id, patch });
    return { object: 'webhook_endpoint' as const, data: presentWebhookEndpoint(row) };
  });
