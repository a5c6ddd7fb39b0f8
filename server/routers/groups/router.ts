import { router } from '../../trpc/init';
import { createGroupProcedure } from './create-group';
import { deleteGroupProcedure } from './delete-group';
import { getGroupProcedure } from './get-group';
import { listGroupsProcedure } from './list-groups';
import { updateGroupProcedure } from './update-group';

export const groupsRouter = router({
  list: listGroupsProcedure,
  create: createGroupProcedure,
  get: getGroupProcedure,
  update: updateGroupProcedure,
  delete: deleteGroupProcedure,
});
