import { z } from 'zod';
import { currency, recordId } from './common';

// Report shapes (decisions.md §4 "Reports"). Money is integer minor units of the workspace currency.

const dateOrDateTime = z
  .string()
  .trim()
  .pipe(z.union([z.iso.date(), z.iso.datetime({ offset: true })]))
  .describe('ISO date (YYYY-MM-DD) or date-time; read as a day in the workspace time zone');

/** Filters every report takes; the range is inclusive and defaults to the last 30 days. */
export const reportFilters = {
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  campaign_id: recordId.optional(),
  affiliate_id: recordId.optional(),
};

export type ReportFilters = z.infer<z.ZodObject<typeof reportFilters>>;

const day = z.string().describe('YYYY-MM-DD in the workspace time zone');

export const reportSummary = z.object({
  clicks: z.number().int(),
  leads: z.number().int(),
  sales: z.number().int(),
  revenue: z.number().int(),
  commissions: z.number().int(),
  conversion_rate: z.number().nullable().describe('sales / clicks, 4 decimals; null without clicks'),
  currency,
  from: day,
  to: day,
});

export const reportMetric = z.enum(['clicks', 'conversions', 'revenue', 'commissions']);
export const reportInterval = z.enum(['day', 'week', 'month']);

export const reportTimeseries = z.object({
  metric: reportMetric,
  interval: reportInterval,
  points: z.array(z.object({ period: day.describe('start of the bucket (weeks start on Monday)'), value: z.number().int() })),
});

export const leaderboardSort = z.enum(['revenue', 'conversions', 'commissions']);

export const leaderboardRow = z.object({
  affiliate_id: z.string(),
  name: z.string().nullable(),
  ref_code: z.string(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  revenue: z.number().int(),
  commissions: z.number().int(),
});

export const conversionRate = (sales: number, clicks: number) => (clicks > 0 ? Math.round((sales / clicks) * 10_000) / 10_000 : null);

/** A leaderboard row as the database answers it: sums arrive as numeric (strings on postgres.js). */
export type LeaderboardRow = {
  affiliate_id: string;
  name: string | null;
  ref_code: string;
  clicks: unknown;
  conversions: unknown;
  revenue: unknown;
  commissions: unknown;
};

export const presentLeaderboardRow = (r: LeaderboardRow): z.infer<typeof leaderboardRow> => ({
  affiliate_id: r.affiliate_id,
  name: r.name,
  ref_code: r.ref_code,
  clicks: Number(r.clicks),
  conversions: Number(r.conversions),
  revenue: Number(r.revenue),
  commissions: Number(r.commissions),
});
