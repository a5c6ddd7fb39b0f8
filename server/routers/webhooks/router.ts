import { router } from '../../trpc/init';
import { createWebhookProcedure } from './create-webhook';
import { deleteWebhookProcedure } from './delete-webhook';
import { getWebhookProcedure } from './get-webhook';
import { listWebhookDeliveriesProcedure } from './list-webhook-deliveries';
import { listWebhooksProcedure } from './list-webhooks';
import { redeliverWebhookDeliveryProcedure } from './redeliver-webhook-delivery';
import { rotateWebhookSecretProcedure } from './rotate-webhook-secret';
import { testWebhookProcedure } from './test-webhook';
import { updateWebhookProcedure } from './update-webhook';

export const webhooksRouter = router({
  create: createWebhookProcedure,
  list: listWebhooksProcedure,
  get: getWebhookProcedure,
  update: updateWebhookProcedure,
  delete: deleteWebhookProcedure,
  rotateSecret: rotateWebhookSecretProcedure,
  test: testWebhookProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  redeliver: redeliverWebhookDeliveryProcedure,
});
