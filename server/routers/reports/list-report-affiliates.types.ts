import { z } from 'zod';
import { leaderboardRow, leaderboardSort, reportFilters } from '../../contracts/report';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listReportAffiliatesMeta = operation({
  method: 'GET',
  path: '/reports/affiliates',
  summary: 'Affiliate leaderboard over a range, by revenue, conversions or commissions',
  tags: ['Reports'],
  errors: ['unknown_resource'],
});

export const listReportAffiliatesInput = z.object({ ...reportFilters, sort: leaderboardSort.default('revenue'), ...pageQuery(100, 20) });
export const listReportAffiliatesOutput = listOf(leaderboardRow);
