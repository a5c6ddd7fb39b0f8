import { z } from 'zod';
import { name, one } from '../../contracts/common';
import { rewardRecord, rewardTermsInput } from '../../contracts/reward';
import { rewardType } from '../../contracts/terms';
import { operation } from '../../trpc/meta';

export const createRewardMeta = operation({
  method: 'POST',
  path: '/rewards',
  summary: 'Add a reward to the library',
  tags: ['Rewards'],
  successStatus: 201,
  errors: ['name_required', 'amount_required'],
});

export const createRewardInput = z.strictObject({
  name,
  type: rewardType.optional().describe('cash (default) or non_cash'),
  terms: rewardTermsInput.optional().describe('terms.amount is required (amount_required without it)'),
});
export const createRewardOutput = one('reward', rewardRecord);
