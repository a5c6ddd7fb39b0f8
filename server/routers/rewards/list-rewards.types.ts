import { z } from 'zod';
import { queryBool } from '../../contracts/common';
import { rewardRecord } from '../../contracts/reward';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listRewardsMeta = operation({
  method: 'GET',
  path: '/rewards',
  summary: 'The reward library, newest first',
  tags: ['Rewards'],
  errors: [],
});

export const listRewardsInput = z.object({
  include_archived: queryBool.optional().describe('also list archived rewards (default false)'),
  ...pageQuery(200, 50),
});
export const listRewardsOutput = listOf(rewardRecord);
