// GET /v1/affiliate/stats: the affiliate's totals
import type { AffiliateCtx } from '../../domain/context';
import { ownStats } from '../../domain/portal/stats';
import { affiliateReplicaProcedure } from '../../trpc/procedures';
import { getMyStatsInput, getMyStatsMeta, getMyStatsOutput } from './get-my-stats.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const getMyStats = async ({ ctx }: { ctx: AffiliateCtx }) =>
  ({ object: 'affiliate_stats' as const, data: await ownStats(ctx) });

export const getMyStatsProcedure = affiliateReplicaProcedure
  .meta(getMyStatsMeta)
  .input(getMyStatsInput)
  .output(getMyStatsOutput)
  .query(getMyStats);
