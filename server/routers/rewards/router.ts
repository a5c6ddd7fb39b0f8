import { router } from '../../trpc/init';
import { createRewardProcedure } from './create-reward';
import { getRewardProcedure } from './get-reward';
import { listRewardsProcedure } from './list-rewards';
import { updateRewardProcedure } from './update-reward';

export const rewardsRouter = router({
  list: listRewardsProcedure,
  create: createRewardProcedure,
  get: getRewardProcedure,
  update: updateRewardProcedure,
});
