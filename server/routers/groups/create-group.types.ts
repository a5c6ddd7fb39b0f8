import { z } from 'zod';
import { one } from '../../contracts/common';
import { groupFields, groupRecord } from '../../contracts/group';
import { operation } from '../../trpc/meta';

export const createGroupMeta = operation({
  method: 'POST',
  path: '/groups',
  summary: 'Create a partner group',
  description:
    'A slug already used by another group of the workspace, or a workspace already holding 100 groups, answers 409 invalid_state. See docs/groups-bounties-recruiters.md#groups.',
  tags: ['Groups'],
  successStatus: 201,
  errors: ['name_required', 'slug_required', 'invalid_state'],
});

export const createGroupInput = z.strictObject({
  name: groupFields.name,
  slug: groupFields.slug,
  auto_approve: groupFields.auto_approve.optional(),
  customer_discount: groupFields.customer_discount.optional(),
  recruiter_terms: groupFields.recruiter_terms.optional(),
});
export const createGroupOutput = one('group', groupRecord);
