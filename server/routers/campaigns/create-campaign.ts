// POST /v1/campaigns: create a campaign
import { discountColumns, presentCampaign } from '../../contracts/campaign';
import { createCampaign } from '../../domain/campaigns/write-campaign';
import { workspaceProcedure } from '../../trpc/procedures';
import { createCampaignInput, createCampaignMeta, createCampaignOutput } from './create-campaign.types';

export const createCampaignProcedure = workspaceProcedure('write')
  .meta(createCampaignMeta)
  .input(createCampaignInput)
  .output(createCampaignOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createCampaign({
      ctx,
      input: {
        name: input.name,
        status: input.status,
        cookieWindowDays: input.cookie_window_days,
        attributionModel: input.attribution_model,
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
