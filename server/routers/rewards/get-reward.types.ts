import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { rewardRecord } from '../../contracts/reward';
import { operation } from '../../trpc/meta';

export const getRewardMeta = operation({
  method: 'GET',
  path: '/rewards/{id}',
  summary: 'Get a library reward',
  tags: ['Rewards'],
  errors: ['link_not_found'],
});

export const getRewardInput = z.object({ id: recordId });
export const getRewardOutput = one('reward', rewardRecord);
