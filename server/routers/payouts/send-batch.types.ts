import { z } from 'zod';
import { MAX_COMMISSIONS_PER_BATCH } from '../../contracts/limits';
import { workspacePayoutRecord } from '../../contracts/payout';
import { recordId, text, uuid } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const sendBatchMeta = operation({
  method: 'POST',
  path: '/payout-batches/{id}/send',
  summary: "Send a batch's payouts through their rails (Stripe Connect, PayPal Payouts)",
  description:
    "Needs the payouts scope and confirm: true. Each pending line whose affiliate has a ready Stripe Connect method becomes processing, then paid (provider_ref: the transfer) or failed (failure_reason; its commissions are released). Lines of a confirmed PayPal method become processing and go in one PayPal payout per 15,000 lines; each is paid, failed or returned later, as PayPal reports its item (docs/paying-affiliates.md#paypal-payouts). Manual lines stay pending for the CSV; a line in a currency the rail cannot pay stays pending with its reason. A batch is sent once: again answers 409 invalid_state. batch_id is on each payout POST /v1/payouts made. See docs/paying-affiliates.md#sending-a-batch.",
  tags: ['Payouts'],
  errors: ['link_not_found', 'invalid_state', 'confirm_required'],
});

export const sendBatchInput = z.strictObject({
  id: recordId,
  confirm: z.literal(true).describe('the manager confirms the money leaves'),
});

export const sendBatchOutput = z.object({
  object: z.literal('payout_batch_send'),
  batch_id: uuid,
  sent: z.array(workspacePayoutRecord).max(MAX_COMMISSIONS_PER_BATCH).describe('the lines sent, as they are after the answers'),
  skipped: z.array(z.object({ id: uuid, reason: text(500) })).max(MAX_COMMISSIONS_PER_BATCH).describe('Stripe and PayPal lines left pending, and why'),
});
