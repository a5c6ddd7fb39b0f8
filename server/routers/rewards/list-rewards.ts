// GET /v1/rewards: the reward library, each entry with the campaigns using it
import { presentReward } from '../../contracts/reward';
import { listRewards } from '../../domain/rewards/rewards';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listRewardsInput, listRewardsMeta, listRewardsOutput } from './list-rewards.types';

export const listRewardsProcedure = workspaceProcedure('read')
  .meta(listRewardsMeta)
  .input(listRewardsInput)
  .output(listRewardsOutput)
  .query(({ ctx, input }) =>
    listPage(
      'rewards',
      input,
      (limit, offset) => listRewards({ ctx, includeArchived: input.include_archived ?? false, page: { limit, offset } }),
      presentReward,
    ),
  );
