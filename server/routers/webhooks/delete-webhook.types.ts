import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { webhookEndpointRecord } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const deleteWebhookMeta = operation({
  method: 'DELETE',
  path: '/webhooks/{id}',
  summary: 'Delete a webhook endpoint and its delivery log',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const deleteWebhookInput = z.object({ id: recordId });
export const deleteWebhookOutput = z.object({
  object: z.literal('webhook_endpoint'),
  data: webhookEndpointRecord,
  deleted: z.literal(true),
});
