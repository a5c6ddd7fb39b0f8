import { z } from 'zod';
import { MAX_COMMISSIONS_PER_BATCH } from '../../contracts/limits';
import { workspacePayoutRecord } from '../../contracts/payout';
import { listOf } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const createPayoutsMeta = operation({
  method: 'POST',
  path: '/payouts',
  summary: "Batch each affiliate's approved, past-hold commissions into pending payouts",
  description:
    'One payout per affiliate and currency, clawbacks netted. Groups whose net is not positive or is below the workspace min_payout are skipped; their commissions carry over. Answers the payouts created (possibly none).',
  tags: ['Payouts'],
  successStatus: 201,
  errors: [],
});

export const createPayoutsInput = z.strictObject({});
// One payout per affiliate and currency of at most MAX_COMMISSIONS_PER_BATCH commissions.
export const createPayoutsOutput = listOf(workspacePayoutRecord, MAX_COMMISSIONS_PER_BATCH);
