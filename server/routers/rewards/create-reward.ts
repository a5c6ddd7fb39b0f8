// POST /v1/rewards: add a reusable reward to the library
import { presentReward } from '../../contracts/reward';
import { createReward } from '../../domain/rewards/write-reward';
import { workspaceProcedure } from '../../trpc/procedures';
import { createRewardInput, createRewardMeta, createRewardOutput } from './create-reward.types';

export const createRewardProcedure = workspaceProcedure('write')
  .meta(createRewardMeta)
  .input(createRewardInput)
  .output(createRewardOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'reward' as const,
    data: presentReward(await createReward({ ctx, input })),
  }));
