import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { eventNames, webhookDescription, webhookEndpointRecord, webhookUrl } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const updateWebhookMeta = operation({
  method: 'PATCH',
  path: '/webhooks/{id}',
  summary: 'Update a webhook endpoint',
  description: 'Setting active to true also turns back on an endpoint that delivery disabled (410 Gone, or 5 days of failures).',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const updateWebhookInput = z.strictObject({
  id: recordId,
  url: webhookUrl.optional(),
  events: eventNames.optional(),
  active: z.boolean().optional(),
  description: webhookDescription.nullable().optional(),
});

export const updateWebhookOutput = one('webhook_endpoint', webhookEndpointRecord);
