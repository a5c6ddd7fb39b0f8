import { z } from 'zod';
import { name, one } from '../../contracts/common';
import { rewardRecord, rewardTermsInput } from '../../contracts/reward';
import { deliveryMonths, rewardDelivery, rewardDeliveryTarget, rewardType } from '../../contracts/terms';
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
  type: rewardType.optional().describe('cash (default) or non_cash; non_cash when delivered in the billing system'),
  delivery: rewardDelivery.optional(),
  delivery_target: rewardDeliveryTarget.optional(),
  delivery_months: deliveryMonths.optional().describe('required with delivery free_months (1-36), refused otherwise'),
  terms: rewardTermsInput.optional().describe('terms.amount is required (amount_required without it)'),
});
export const createRewardOutput = one('reward', rewardRecord);
