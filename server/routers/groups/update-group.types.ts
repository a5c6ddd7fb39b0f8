import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { groupFields, groupRecord } from '../../contracts/group';
import { operation } from '../../trpc/meta';

export const updateGroupMeta = operation({
  method: 'PATCH',
  path: '/groups/{id}',
  summary: "Change a partner group's name, slug, auto-approval, discount or recruiter terms, or make it the default",
  description:
    'is_default true makes this group the default (new affiliates start there) and the former default an ordinary group; false on the default group is invalid_request (make another the default instead). A slug another group uses answers 409 invalid_state.',
  tags: ['Groups'],
  errors: ['link_not_found', 'invalid_state'],
});

export const updateGroupInput = z.strictObject({
  id: recordId,
  name: groupFields.name.optional(),
  slug: groupFields.slug.optional(),
  is_default: z.boolean().optional().describe('true: make this the default group'),
  auto_approve: groupFields.auto_approve.optional(),
  customer_discount: groupFields.customer_discount.optional(),
  recruiter_terms: groupFields.recruiter_terms.optional(),
});
export const updateGroupOutput = one('group', groupRecord);
