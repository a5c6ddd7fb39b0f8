// GET /v1/campaigns/{id}: get a campaign
import { presentCampaign } from '../../contracts/campaign';
import { getCampaign } from '../../domain/campaigns/campaigns';
import { workspaceProcedure } from '../../trpc/procedures';
import { getCampaignInput, getCampaignMeta, getCampaignOutput } from './get-campaign.types';

export const getCampaignProcedure = workspaceProcedure('read')
  .meta(getCampaignMeta)
  .input(getCampaignInput)
  .output(getCampaignOutput)
  .query(async ({ ctx, input }) => ({
    object: 'campaign' as const,
    data: presentCampaign(await getCampaign({ ctx, id: input.id })),
  }));
