// GET /v1/campaigns: list campaigns, filtered by status
import { presentCampaign } from '../../contracts/campaign';
import { listCampaigns } from '../../domain/campaigns/campaigns';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listCampaignsInput, listCampaignsMeta, listCampaignsOutput } from './list-campaigns.types';

export const listCampaignsProcedure = workspaceProcedure('read')
  .meta(listCampaignsMeta)
  .input(listCampaignsInput)
  .output(listCampaignsOutput)
  .query(({ ctx, input }) =>
    listPage('campaigns', input, (limit, offset) => listCampaigns({ ctx, status: input.status, page: { limit, offset } }), presentCampaign),
  );
