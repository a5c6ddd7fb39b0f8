// PATCH /v1/rewards/{id}: change a library reward, or archive or restore it
import { presentReward } from '../../contracts/reward';
import { updateReward } from '../../domain/rewards/write-reward';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateRewardInput, updateRewardMeta, updateRewardOutput } from './update-reward.types';

export const updateRewardProcedure = workspaceProcedure('write')
  .meta(updateRewardMeta)
  .input(updateRewardInput)
  .output(updateRewardOutput)
  .mutation(async ({ ctx, input: { id, ...patch } }) => ({
    object: 'reward' as const,
    data: presentReward(await updateReward({ ctx, id, patch })),
  }));
