// GET /v1/reports/campaigns: campaigns ranked over a range
import { presentCampaignReportRow } from '../../contracts/report';
import { campaignLeaderboard } from '../../domain/reports/leaderboard';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listReportCampaignsInput, listReportCampaignsMeta, listReportCampaignsOutput } from './list-report-campaigns.types';

export const listReportCampaignsProcedure = workspaceProcedure('read', 'replica')
  .meta(listReportCampaignsMeta)
  .input(listReportCampaignsInput)
  .output(listReportCampaignsOutput)
  .query(({ ctx, input }) => {
    const { sort, limit, offset, ...filters } = input;
    return listPage('report_campaigns', { limit, offset }, (l, o) => campaignLeaderboard({ ctx, filters, sort, page: { limit: l, offset: o } }), presentCampaignReportRow);
  });
