// DELETE /v1/webhooks/{id}: delete a webhook endpoint
import { presentWebhookEndpoint } from '../../contracts/webhook';
import { deleteEndpoint } from '../../domain/webhooks/write-endpoint';
import { workspaceProcedure } from '../../trpc/procedures';
import { deleteWebhookInput, deleteWebhookMeta, deleteWebhookOutput } from './delete-webhook.types';

export const deleteWebhookProcedure = workspaceProcedure('write')
  .meta(deleteWebhookMeta)
  .input(deleteWebhookInput)
  .output(deleteWebhookOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'webhook_endpoint' as const,
    data: presentWebhookEndpoint(await deleteEndpoint({ ctx, id: input.id })),
    deleted: true as const,
  }));
