// GET /v1/groups/{id}: one partner group with its affiliate count
import { presentGroup } from '../../contracts/group';
import { getGroup, groupAffiliateCount } from '../../domain/groups/groups';
import { workspaceProcedure } from '../../trpc/procedures';
import { getGroupInput, getGroupMeta, getGroupOutput } from './get-group.types';

export const getGroupProcedure = workspaceProcedure('read')
  .meta(getGroupMeta)
  .input(getGroupInput)
  .output(getGroupOutput)
  .query(async ({ ctx, input }) => {
    const group = await getGroup({ ctx, id: input.id });
    return { object: 'group' as const, data: presentGroup({ ...group, affiliateCount: await groupAffiliateCount(ctx, group.id) }) };
  });
