// GET /v1/reports/affiliates: leaderboard of affiliates over a range
import { presentLeaderboardRow } from '../../contracts/report';
import { affiliateLeaderboard } from '../../domain/reports/leaderboard';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listReportAffiliatesInput, listReportAffiliatesMeta, listReportAffiliatesOutput } from './list-report-affiliates.types';

export const listReportAffiliatesProcedure = workspaceProcedure('read', 'replica')
  .meta(listReportAffiliatesMeta)
  .input(listReportAffiliatesInput)
  .output(listReportAffiliatesOutput)
  .query(({ ctx, input }) => {
    const { sort, limit, offset, ...filters } = input;
    return listPage('report_affiliates', { limit, offset }, (l, o) => affiliateLeaderboard({ ctx, filters, sort, page: { limit: l, offset: o } }), presentLeaderboardRow);
  });
