// GET /v1/payouts/{id}: get a payout with its commission ids
import { presentWorkspacePayout } from '../../contracts/payout';
import { getPayout } from '../../domain/payouts/payouts';
import { workspaceProcedure } from '../../trpc/procedures';
import { getPayoutInput, getPayoutMeta, getPayoutOutput } from './get-payout.types';

export const getPayoutProcedure = workspaceProcedure('read')
  .meta(getPayoutMeta)
  .input(getPayoutInput)
  .output(getPayoutOutput)
  .query(async ({ ctx, input }) => ({ object: 'payout' as const, data: presentWorkspacePayout(await getPayout({ ctx, id: input.id })) }));
