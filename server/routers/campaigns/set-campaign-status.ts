// POST /v1/campaigns/{id}/status: activate, pause or archive a campaign
import { presentCampaign } from '../../contracts/campaign';
import { setCampaignStatus } from '../../domain/campaigns/write-campaign';
import { workspaceProcedure } from '../../trpc/procedures';
import { setCampaignStatusInput, setCampaignStatusMeta, setCampaignStatusOutput } from './set-campaign-status.types';

export const setCampaignStatusProcedure = workspaceProcedure('write')
  .meta(setCampaignStatusMeta)
  .input(setCampaignStatusInput)
  .output(setCampaignStatusOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'campaign' as const,
    data: presentCampaign(await setCampaignStatus({ ctx, id: input.id, status: input.status })),
  }));
