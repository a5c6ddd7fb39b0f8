import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { deliveryStatus, webhookDeliveryRecord } from '../../contracts/webhook';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listWebhookDeliveriesMeta = operation({
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  summary: "An endpoint's deliveries, newest first: status, attempts, last response and next attempt",
  tags: ['Webhooks'],
  errors: ['link_not_found'],
});

export const listWebhookDeliveriesInput = z.object({ id: recordId, status: deliveryStatus.optional(), ...pageQuery(200, 50) });
export const listWebhookDeliveriesOutput = listOf(webhookDeliveryRecord);
