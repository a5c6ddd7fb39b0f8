import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { workspacePayoutRecord } from '../../contracts/payout';
import { operation } from '../../trpc/meta';

export const undoPayoutMeta = operation({
  method: 'POST',
  path: '/payouts/{id}/undo',
  summary: 'Set a payout marked paid by hand back to pending, within 24 hours',
  description:
    'Only a payout marked paid with POST /v1/payouts/{id}/status (or bulk-status), within 24 hours of its paid_at (see undo_until): it is pending again, its commissions approved inside it as before, its reference cleared. A payout Stripe Connect or PayPal paid, one past the 24 hours, or one that is not paid answers 409 invalid_state saying why.',
  tags: ['Payouts'],
  errors: ['link_not_found', 'invalid_state'],
});

export const undoPayoutInput = z.strictObject({ id: recordId });
export const undoPayoutOutput = one('payout', workspacePayoutRecord);
