import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { webhookDeliveryRecord } from '../../contracts/webhook';
import { operation } from '../../trpc/meta';

export const redeliverWebhookDeliveryMeta = operation({
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{delivery_id}/redeliver',
  summary: 'Send a delivery again now (same webhook-id) and answer with its updated record',
  description: 'One attempt, made during the call, even to a disabled endpoint; scheduled retries of a pending delivery are kept.',
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const redeliverWebhookDeliveryInput = z.strictObject({ id: recordId, delivery_id: recordId });
export const redeliverWebhookDeliveryOutput = one('webhook_delivery', webhookDeliveryRecord);
