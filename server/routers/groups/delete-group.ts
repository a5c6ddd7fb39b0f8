// DELETE /v1/groups/{id}: delete a group, moving its affiliates to move_to_group_id
import { presentGroup } from '../../contracts/group';
import { deleteGroup } from '../../domain/groups/write-group';
import { workspaceProcedure } from '../../trpc/procedures';
import { deleteGroupInput, deleteGroupMeta, deleteGroupOutput } from './delete-group.types';

export const deleteGroupProcedure = workspaceProcedure('write')
  .meta(deleteGroupMeta)
  .input(deleteGroupInput)
  .output(deleteGroupOutput)
  .mutation(async ({ ctx, input }) => {
    const { moved, ...group } = await deleteGroup({ ctx, id: input.id, moveTo: input.move_to_group_id });
    return { object: 'group' as const, data: presentGroup(group), deleted: true as const, moved_affiliates: moved };
  });
