// PATCH /v1/affiliates/{id}: update, approve, reject or suspend an affiliate; hold or release its commissions
import { presentAffiliate } from '../../contracts/affiliate';
import { updateAffiliate } from '../../domain/affiliates/update-affiliate';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateAffiliateInput, updateAffiliateMeta, updateAffiliateOutput } from './update-affiliate.types';

export const updateAffiliateProcedure = workspaceProcedure('write')
  .meta(updateAffiliateMeta)
  .input(updateAffiliateInput)
  .output(updateAffiliateOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateAffiliate({
      ctx,
      id: input.id,
      patch: {
        name: input.name,
        email: input.email,
        refCode: input.ref_code,
        payoutEmail: input.payout_email,
        campaignId: input.campaign_id,
        groupId: input.group_id,
        status: input.status,
        commissionsHeld: input.commissions_held,
        recruitedBy: input.recruited_by,
      },
    });
    return { object: 'affiliate' as const, data: presentAffiliate(row) };
  });
