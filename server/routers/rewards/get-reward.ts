// GET /v1/rewards/{id}: get a library reward (archived ones too)
import { presentReward } from '../../contracts/reward';
import { getReward } from '../../domain/rewards/rewards';
import { workspaceProcedure } from '../../trpc/procedures';
import { getRewardInput, getRewardMeta, getRewardOutput } from './get-reward.types';

export const getRewardProcedure = workspaceProcedure('read')
  .meta(getRewardMeta)
  .input(getRewardInput)
  .output(getRewardOutput)
  .query(async ({ ctx, input }) => ({
    object: 'reward' as const,
    data: presentReward(await getReward({ ctx, id: input.id })),
  }));
