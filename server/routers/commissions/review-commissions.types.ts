import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { commissionDetailRecord } from '../../contracts/commission';
import { listOf } from '../../lib/pagination';
import { operation } from '../../trpc/meta';
import { reviewStatus } from './update-commission.types';

export const reviewCommissionsMeta = operation({
  method: 'POST',
  path: '/commissions/bulk',
  summary: 'Approve or deny many commissions at once (all or none)',
  description:
    'Any id outside the workspace answers 404 unknown_resource, any paid, reversed, clawback or in-payout commission 409 invalid_state; then nothing changes.',
  tags: ['Commissions'],
  errors: ['ids_required', 'status_required', 'unknown_resource', 'invalid_state'],
});

export const reviewCommissionsInput = z.strictObject({
  ids: z.array(uuid).min(1).max(100),
  status: reviewStatus,
});

export const reviewCommissionsOutput = listOf(commissionDetailRecord);
