// GET /v1/commissions/{id}: get a commission
import { presentCommissionDetail } from '../../contracts/commission';
import { getCommission } from '../../domain/commissions/read';
import { withRewardDeliveries } from '../../domain/commissions/reward-delivery';
import { workspaceProcedure } from '../../trpc/procedures';
import { getCommissionInput, getCommissionMeta, getCommissionOutput } from './get-commission.types';

export const getCommissionProcedure = workspaceProcedure('read')
  .meta(getCommissionMeta)
  .input(getCommissionInput)
  .output(getCommissionOutput)
  .query(async ({ ctx, input }) => ({
    object: 'commission' as const,
    data: presentCommissionDetail((await withRewardDeliveries(ctx, [await getCommission({ ctx, id: input.id })]))[0]),
  }));
