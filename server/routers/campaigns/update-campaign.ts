// PATCH /v1/campaigns/{id}: update a campaign's name, window, destination, links or ref param
import { presentCampaign } from '../../contracts/campaign';
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
      },
    });
    return { object: 'campaign' as const, data: presentCampaign(row) };
  });
