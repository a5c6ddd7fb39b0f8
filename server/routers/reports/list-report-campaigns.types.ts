import { z } from 'zod';
import { campaignReportRow, leaderboardSort, reportFilters } from '../../contracts/report';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listReportCampaignsMeta = operation({
  method: 'GET',
  path: '/reports/campaigns',
  summary: 'Campaign breakdown over a range, by revenue, conversions or commissions',
  description: 'An extension of the spec: the affiliate leaderboard per campaign instead, from the same daily rollups and filters.',
  tags: ['Reports'],
  errors: ['unknown_resource'],
});

export const listReportCampaignsInput = z.object({ ...reportFilters, sort: leaderboardSort.default('revenue'), ...pageQuery(100, 20) });
export const listReportCampaignsOutput = listOf(campaignReportRow, 100);
