// POST /v1/groups: create a partner group (its terms, discount, join page and auto-approval)
import { presentGroup } from '../../contracts/group';
import { createGroup } from '../../domain/groups/write-group';
import { workspaceProcedure } from '../../trpc/procedures';
import { createGroupInput, createGroupMeta, createGroupOutput } from './create-group.types';

export const createGroupProcedure = workspaceProcedure('write')
  .meta(createGroupMeta)
  .input(createGroupInput)
  .output(createGroupOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createGroup({
      ctx,
      input: { name: input.name, slug: input.slug, autoApprove: input.auto_approve, discount: input.customer_discount, recruiter: input.recruiter_terms },
    });
    return { object: 'group' as const, data: presentGroup({ ...row, affiliateCount: 0 }) };
  });
