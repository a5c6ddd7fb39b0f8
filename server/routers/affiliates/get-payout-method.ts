// GET /v1/affiliates/{id}/payout-method: the affiliate's payout method and its readiness
import { getPayoutMethod } from '../../domain/payouts/methods';
import { workspaceProcedure } from '../../trpc/procedures';
import { getPayoutMethodInput, getPayoutMethodMeta, getPayoutMethodOutput } from './get-payout-method.types';

export const getPayoutMethodProcedure = workspaceProcedure('read')
  .meta(getPayoutMethodMeta)
  .input(getPayoutMethodInput)
  .output(getPayoutMethodOutput)
  .query(async ({ ctx, input }) => ({ object: 'payout_method' as const, data: await getPayoutMethod(ctx, input.id) }));
