import { z } from 'zod';
import { webhookEndpointRecord } from '../../contracts/webhook';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listWebhooksMeta = operation({
  method: 'GET',
  path: '/webhooks',
  summary: 'List webhook endpoints, newest first',
  tags: ['Webhooks'],
  errors: [],
});

export const listWebhooksInput = z.object(pageQuery(200, 50));
export const listWebhooksOutput = listOf(webhookEndpointRecord);
