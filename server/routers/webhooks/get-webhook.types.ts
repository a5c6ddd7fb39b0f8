import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { webhookEndpointRecord } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const getWebhookMeta = operation({
  method: 'GET',
  path: '/webhooks/{id}',
  summary: 'Get a webhook endpoint',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const getWebhookInput = z.object({ id: recordId });
export const getWebhookOutput = one('webhook_endpoint', webhookEndpointRecord);
