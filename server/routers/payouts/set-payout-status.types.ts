import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { payoutOutcome, payoutRecord } from '../../contracts/payout';
import { operation } from '../../trpc/meta';

export const setPayoutStatusMeta = operation({
  method: 'POST',
  path: '/payouts/{id}/status',
  summary: 'Mark a pending payout paid, failed or canceled',
  description:
    'paid: its commissions become paid. failed or canceled: its commissions are released (still approved) for the next batch. Any payout that is not pending answers 409 invalid_state.',
  tags: ['Payouts'],
  errors: ['status_required', 'link_not_found', 'invalid_state'],
});

export const setPayoutStatusInput = z.strictObject({ id: recordId, status: payoutOutcome });
export const setPayoutStatusOutput = one('payout', payoutRecord);
