// POST /v1/webhooks/{id}/rotate-secret: replace the signing secret, keeping the old one for 24 h
import { presentWebhookEndpointWithSecret } from '../../contracts/webhook';
import { rotateSecret } from '../../domain/webhooks/write-endpoint';
import { workspaceProcedure } from '../../trpc/procedures';
import { rotateWebhookSecretInput, rotateWebhookSecretMeta, rotateWebhookSecretOutput } from './rotate-webhook-secret.types';

export const rotateWebhookSecretProcedure = workspaceProcedure('write')
  .meta(rotateWebhookSecretMeta)
  .input(rotateWebhookSecretInput)
  .output(rotateWebhookSecretOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'webhook_endpoint' as const,
    data: presentWebhookEndpointWithSecret(await rotateSecret({ ctx, id: input.id })),
  }));
