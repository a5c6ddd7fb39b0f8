import { z } from 'zod';
import { bountyRecord } from '../../contracts/bounty';
import { dateTime, description, name, one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';
import { BOUNTY_AMOUNT_MAX, bountyTarget } from './create-bounty.types';

export const updateBountyMeta = operation({
  method: 'PATCH',
  path: '/bounties/{id}',
  summary: "Change a bounty's name, description, reward, target or dates",
  description:
    'Type, metric, period and currency are fixed at creation. A new reward or target counts from now on: commissions earned stay as they are. ' +
    'An archived bounty answers 409 invalid_state; a target on a submission bounty, or ends_at not after starts_at, 400 invalid_request.',
  tags: ['Bounties'],
  errors: ['link_not_found', 'invalid_state'],
});

export const updateBountyInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  description: description.optional(),
  reward_amount: z.number().int().min(1).max(BOUNTY_AMOUNT_MAX).optional(),
  target: bountyTarget.optional(),
  starts_at: dateTime.nullable().optional(),
  ends_at: dateTime.nullable().optional(),
});
export const updateBountyOutput = one('bounty', bountyRecord);
