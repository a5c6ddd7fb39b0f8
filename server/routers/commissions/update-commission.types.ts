import { z } from 'zod';
import { commissionDetailRecord } from '../../contracts/commission';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';
import { REVIEW_STATUSES } from '../../model/enums';

export const updateCommissionMeta = operation({
  method: 'PATCH',
  path: '/commissions/{id}',
  summary: 'Approve, deny or adjust a commission',
  description:
    'At least one of status and amount (else status_required). Paid, reversed, clawback and in-payout commissions answer 409 invalid_state.',
  tags: ['Commissions'],
  errors: ['status_required', 'link_not_found', 'invalid_state'],
});

export const reviewStatus = z.enum(REVIEW_STATUSES);

export const updateCommissionInput = z.strictObject({
  id: recordId,
  status: reviewStatus.optional(),
  amount: z.number().int().min(0).optional().describe('minor currency units; overrides the computed amount'),
});

export const updateCommissionOutput = one('commission', commissionDetailRecord);
