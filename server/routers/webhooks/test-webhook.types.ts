import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { webhookDeliveryRecord } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const testWebhookMeta = operation({
  method: 'POST',
  path: '/webhooks/{id}/test',
  summary: 'Send a signed ping event to this endpoint now and answer with the delivery',
  description: 'One attempt, made during the call (up to the 10 s delivery timeout); a failed ping is not retried.',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const testWebhookInput = z.strictObject({ id: recordId });
export const testWebhookOutput = one('webhook_delivery', webhookDeliveryRecord);
