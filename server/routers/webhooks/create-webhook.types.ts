import { z } from 'zod';
import { one } from '../../contracts/common';
import { eventNames, webhookDescription, webhookEndpointWithSecret, webhookUrl } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const createWebhookMeta = operation({
  method: 'POST',
  path: '/webhooks',
  summary: 'Subscribe an endpoint to events; the answer alone carries its signing secret',
  description:
    'The URL must be https and resolve to public addresses only (checked again on every delivery). ' +
    'Deliveries are signed per Standard Webhooks with the returned whsec_ secret.',
  tags: ['Webhooks'],
  successStatus: 201,
  errors: ['url_required', 'events_required'],
});

export const createWebhookInput = z.strictObject({
  url: webhookUrl,
  events: eventNames.describe('event names of the catalog, or "*" for all'),
  description: webhookDescription.nullable().optional(),
  active: z.boolean().optional().describe('default true'),
});

export const createWebhookOutput = one('webhook_endpoint', webhookEndpointWithSecret);
