// GET /v1/groups: the partner groups with their affiliate counts
import { presentGroup } from '../../contracts/group';
import { listGroups } from '../../domain/groups/groups';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listGroupsInput, listGroupsMeta, listGroupsOutput } from './list-groups.types';

export const listGroupsProcedure = workspaceProcedure('read')
  .meta(listGroupsMeta)
  .input(listGroupsInput)
  .output(listGroupsOutput)
  .query(({ ctx, input }) => listPage('groups', input, (limit, offset) => listGroups({ ctx, page: { limit, offset } }), presentGroup));
