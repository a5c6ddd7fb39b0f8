import { z } from 'zod';
import { recordId, referenceId } from '../../contracts/common';
import { groupRecord } from '../../contracts/group';
import { operation } from '../../trpc/meta';

export const deleteGroupMeta = operation({
  method: 'DELETE',
  path: '/groups/{id}',
  summary: 'Delete a partner group (never the default one)',
  description:
    "The default group answers 409 invalid_state. A group with affiliates answers 409 invalid_state unless move_to_group_id names the workspace's group they all move to (404 unknown_resource when it names none); the group's commission rule overrides are deleted with it. See docs/groups-bounties-recruiters.md#deleting-a-group.",
  tags: ['Groups'],
  errors: ['link_not_found', 'unknown_resource', 'invalid_state'],
});

export const deleteGroupInput = z.object({
  id: recordId,
  move_to_group_id: referenceId.optional().describe('the group its affiliates move to; required when it has any'),
});
export const deleteGroupOutput = z.object({
  object: z.literal('group'),
  data: groupRecord,
  deleted: z.literal(true),
  moved_affiliates: z.number().int().describe('how many affiliates moved to move_to_group_id'),
});
