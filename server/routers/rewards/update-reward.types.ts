import { z } from 'zod';
import { name, one, recordId } from '../../contracts/common';
import { rewardRecord, rewardTermsInput } from '../../contracts/reward';
import { deliveryMonths, rewardDelivery, rewardDeliveryTarget, rewardType } from '../../contracts/terms';
import { operation } from '../../trpc/meta';

export const updateRewardMeta = operation({
  method: 'PATCH',
  path: '/rewards/{id}',
  summary: 'Rename, retype, change the terms of, archive or restore a library reward',
  description:
    'Given terms are merged into the current ones; switching is_flat needs a new amount. Rules already ' +
    'copied from the reward keep their terms.',
  tags: ['Rewards'],
  errors: ['amount_required', 'link_not_found'],
});

export const updateRewardInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  type: rewardType.optional(),
  delivery: rewardDelivery.optional(),
  delivery_target: rewardDeliveryTarget.optional(),
  delivery_months: deliveryMonths.nullable().optional().describe('free_months only (1-36)'),
  terms: rewardTermsInput.optional(),
  archived: z.boolean().optional().describe('true archives, false restores'),
});
export const updateRewardOutput = one('reward', rewardRecord);
