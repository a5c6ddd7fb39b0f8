import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { payoutOutcome, workspacePayoutRecord, payoutReference } from '../../contracts/payout';
import { operation } from '../../trpc/meta';

export const setPayoutStatusMeta = operation({
  method: 'POST',
  path: '/payouts/{id}/status',
  summary: 'Mark a pending payout paid, failed or canceled',
  description:
    'paid: its commissions become paid. failed or canceled: its commissions are released (still approved) for the next batch. reference (optional, up to 200 characters) keeps your note of the payment, e.g. the PayPal transaction id or the bank reference. Any payout that is not pending answers 409 invalid_state. A payout marked paid here can be set back to pending within 24 hours: POST /v1/payouts/{id}/undo.',
  tags: ['Payouts'],
  errors: ['status_required', 'link_not_found', 'invalid_state'],
});

export const setPayoutStatusInput = z.strictObject({ id: recordId, status: payoutOutcome, reference: payoutReference.optional() });
export const setPayoutStatusOutput = one('payout', workspacePayoutRecord);
