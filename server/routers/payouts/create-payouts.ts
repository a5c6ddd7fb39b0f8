// POST /v1/payouts: batch approved, past-hold commissions into pending payouts
import { presentWorkspacePayout } from '../../contracts/payout';
import { createPayouts } from '../../domain/payouts/create-payouts';
import { workspaceProcedure } from '../../trpc/procedures';
import { createPayoutsInput, createPayoutsMeta, createPayoutsOutput } from './create-payouts.types';

export const createPayoutsProcedure = workspaceProcedure('write')
  .meta(createPayoutsMeta)
  .input(createPayoutsInput)
  .output(createPayoutsOutput)
  .mutation(async ({ ctx }) => {
    const created = await createPayouts({ ctx });
    // The list envelope of every list answer; the whole batch fits in one page.
    return { object: 'list' as const, resource: 'payouts', limit: created.length, offset: 0, has_more: false, data: created.map(presentWorkspacePayout) };
  });
