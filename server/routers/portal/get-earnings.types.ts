import { z } from 'zod';
import { one } from '../../contracts/common';
import { reportInterval, reportTimeseries } from '../../contracts/report';

export const getEarningsInput = z.strictObject({
  interval: reportInterval.default('day').describe('day: the last 30 days; week: the last 12 weeks; month: the last 12 months'),
});

export const getEarningsOutput = one(
  'affiliate_earnings',
  z.object({
    interval: reportInterval,
    currency: z.string().describe('the workspace currency the totals are shown in'),
    from: z.string().describe('first day of the range, YYYY-MM-DD in the workspace time zone'),
    to: z.string(),
    points: reportTimeseries.shape.points.describe('commission minor units per bucket; empty buckets as 0'),
  }),
);
