import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { webhookEndpointWithSecret } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const rotateWebhookSecretMeta = operation({
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  summary: 'Replace the signing secret; the old one keeps signing beside the new one for 24 h',
  description: 'The new secret is in this answer only. Until the overlap ends, webhook-signature carries one v1 signature per secret.',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const rotateWebhookSecretInput = z.strictObject({ id: recordId });
export const rotateWebhookSecretOutput = one('webhook_endpoint', webhookEndpointWithSecret);
