// PATCH /v1/groups/{id}: change a group's fields, or make it the default group
import { presentGroup } from '../../contracts/group';
import { groupAffiliateCount } from '../../domain/groups/groups';
import { updateGroup } from '../../domain/groups/write-group';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateGroupInput, updateGroupMeta, updateGroupOutput } from './update-group.types';

export const updateGroupProcedure = workspaceProcedure('write')
  .meta(updateGroupMeta)
  .input(updateGroupInput)
  .output(updateGroupOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateGroup({
      ctx,
      id: input.id,
      makeDefault: input.is_default,
      input: { name: input.name, slug: input.slug, autoApprove: input.auto_approve, discount: input.customer_discount, recruiter: input.recruiter_terms },
    });
    return { object: 'group' as const, data: presentGroup({ ...row, affiliateCount: await groupAffiliateCount(ctx, row.id) }) };
  });
