// POST /v1/affiliates: create an affiliate without an invitation
import { presentAffiliate } from '../../contracts/affiliate';
import { createAffiliate } from '../../domain/affiliates/create-affiliate';
import { workspaceProcedure } from '../../trpc/procedures';
import { createAffiliateInput, createAffiliateMeta, createAffiliateOutput } from './create-affiliate.types';

export const createAffiliateProcedure = workspaceProcedure('write')
  .meta(createAffiliateMeta)
  .input(createAffiliateInput)
  .output(createAffiliateOutput)
  .mutation(async ({ ctx, input }) => {
    const { row } = await createAffiliate({
      ctx,
      input: {
        email: input.email,
        name: input.name,
        refCode: input.ref_code,
        campaignId: input.campaign_id,
        groupId: input.group_id,
        payoutEmail: input.payout_email,
        status: input.status,
      },
    });
    return { object: 'affiliate' as const, data: presentAffiliate(row) };
  });
