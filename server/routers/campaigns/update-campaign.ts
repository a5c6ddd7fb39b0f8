// PATCH /v1/campaigns/{id}: update a campaign's name, window, destination, links or ref param
import { discountColumns, presentCampaign } from '../../contracts/campaign';
import { updateCampaign } from '../../domain/campaigns/write-campaign';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateCampaignInput, updateCampaignMeta, updateCampaignOutput } from './update-campaign.types';

export const updateCampaignProcedure = workspaceProcedure('write')
  .meta(updateCampaignMeta)
  .input(updateCampaignInput)
  .output(updateCampaignOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateCampaign({
      ctx,
      id: input.id,
      patch: {
        name: input.name,
        cookieWindowDays: input.cookie_window_days,
        destinationUrl: input.destination_url,
        additionalReferralLinks: input.additional_referral_links,
        refParam: input.ref_param,
        ...(input.customer_discount !== undefined ? discountColumns(input.customer_discount) : {}),
        codePrecedence: input.code_precedence,
        commissionExcludesTax: input.commission_basis?.exclude_tax,
        commissionExcludesFees: input.commission_basis?.exclude_fees,
      },
    });
    return { object: 'campaign' as const, data: presentCampaign(row) };
  });
