// GET /v1/affiliate/stats: the affiliate's totals
import { ownStats } from '../../domain/portal/stats';
import { affiliateProcedure, onReplica } from '../../trpc/procedures';
import { getMyStatsInput, getMyStatsMeta, getMyStatsOutput } from './get-my-stats.types';

export const getMyStatsProcedure = affiliateProcedure
  .use(onReplica)
  .meta(getMyStatsMeta)
  .input(getMyStatsInput)
  .output(getMyStatsOutput)
  .query(async ({ ctx }) => ({ object: 'affiliate_stats' as const, data: await ownStats(ctx) }));
