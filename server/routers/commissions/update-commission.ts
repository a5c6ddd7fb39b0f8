// PATCH /v1/commissions/{id}: approve, deny or adjust the amount of a commission
import { presentCommissionDetail } from '../../contracts/commission';
import { reviewCommission } from '../../domain/commissions/review';
import { withRewardDeliveries } from '../../domain/commissions/reward-delivery';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateCommissionInput, updateCommissionMeta, updateCommissionOutput } from './update-commission.types';

export const updateCommissionProcedure = workspaceProcedure('write')
  .meta(updateCommissionMeta)
  .input(updateCommissionInput)
  .output(updateCommissionOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await reviewCommission({ ctx, id: input.id, review: { status: input.status, amount: input.amount } });
    return { object: 'commission' as const, data: presentCommissionDetail((await withRewardDeliveries(ctx, [row]))[0]) };
  });
