import { z } from 'zod';
import { affiliateStatsRecord } from '../../contracts/affiliate-view';
import { one } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getMyStatsMeta = operation({
  method: 'GET',
  path: '/affiliate/stats',
  summary: "The affiliate's clicks, standing leads and sales, net revenue and commission totals (test conversions excluded)",
  tags: ['Affiliate keys'],
  errors: [],
});

export const getMyStatsInput = z.object({});
export const getMyStatsOutput = one('affiliate_stats', affiliateStatsRecord);
