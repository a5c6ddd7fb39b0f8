// POST /v1/webhooks/{id}/test: send a signed ping event to the endpoint
import { presentWebhookDelivery } from '../../contracts/webhook';
import { sendPing } from '../../domain/webhooks/manual-attempts';
import { webhookSettings } from '../../domain/webhooks/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { testWebhookInput, testWebhookMeta, testWebhookOutput } from './test-webhook.types';

export const testWebhookProcedure = workspaceProcedure('write')
  .meta(testWebhookMeta)
  .input(testWebhookInput)
  .output(testWebhookOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'webhook_delivery' as const,
    data: presentWebhookDelivery(await sendPing({ ctx, settings: webhookSettings(ctx.services.config), endpointId: input.id })),
  }));
