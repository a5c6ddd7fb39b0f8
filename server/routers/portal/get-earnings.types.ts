import { z } from 'zod';
import { currency, one } from '../../contracts/common';
import { reportInterval, reportTimeseries } from '../../contracts/report';

export const getEarningsInput = z.strictObject({
  interval: reportInterval.default('day').describe('day: the last 30 days; week: the last 12 weeks; month: the last 12 months'),
  currency: currency.optional().describe('the currency to chart; default the workspace currency'),
});

export const getEarningsOutput = one(
  'affiliate_earnings',
  z.object({
    interval: reportInterval,
    currency: z.string().describe('the currency the totals are shown in'),
    currencies: z.array(z.string()).describe('every currency the affiliate earned in, the workspace currency first: the chart offers each'),
    from: z.string().describe('first day of the range, YYYY-MM-DD in the workspace time zone'),
    to: z.string(),
    points: reportTimeseries.shape.points.describe('commission minor units per bucket; empty buckets as 0'),
  }),
);
