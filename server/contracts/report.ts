import { z } from 'zod';
import { MAX_REPORT_CURRENCIES, MAX_SERIES_POINTS } from './limits';
import { currency, currencyCode, dateOrDateTime as boundedDate, recordId, text } from './common';
import { LEADERBOARD_SORTS, REPORT_INTERVALS, REPORT_METRICS } from '../model/enums';

// Report shapes (docs/reports.md). Money is integer minor units of one currency at a time (the
// `currency` filter, default the workspace's): yen and dollars are never added together.

const dateOrDateTime = boundedDate.describe(
  'ISO date (YYYY-MM-DD) or date-time between 2000-01-01 and 2100-12-31; read as a day in the workspace time zone',
);

/** Filters every report takes; the range is inclusive and defaults to the last 30 days. */
export const reportFilters = {
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  campaign_id: recordId.optional(),
  affiliate_id: recordId.optional(),
  currency: currency
    .optional()
    .describe('money (revenue, commissions) in this currency only; default the workspace currency. Counts cover every currency.'),
};

export type ReportFilters = z.infer<z.ZodObject<typeof reportFilters>>;

const day = z.string().max(10).describe('YYYY-MM-DD in the workspace time zone');

export const reportSummary = z.object({
  clicks: z.number().int(),
  leads: z.number().int(),
  sales: z.number().int(),
  revenue: z.number().int(),
  commissions: z.number().int(),
  conversion_rate: z.number().nullable().describe('sales / clicks, 4 decimals; null without clicks'),
  currency: currencyCode.describe('the currency of revenue and commissions above'),
  by_currency: z
    .array(
      z.object({
        currency: currencyCode,
        sales: z.number().int(),
        revenue: z.number().int(),
        commissions: z.number().int(),
      }),
    )
    .max(MAX_REPORT_CURRENCIES)
    .describe('money of every currency with activity in the range, each apart (never summed across currencies), most sales first'),
  from: day,
  to: day,
});

export const reportMetric = z.enum(REPORT_METRICS);
export const reportInterval = z.enum(REPORT_INTERVALS);

export const reportTimeseries = z.object({
  metric: reportMetric,
  interval: reportInterval,
  points: z
    .array(z.object({ period: day.describe('start of the bucket (weeks start on Monday)'), value: z.number().int() }))
    .max(MAX_SERIES_POINTS),
});

export const leaderboardSort = z.enum(LEADERBOARD_SORTS);

export const leaderboardRow = z.object({
  affiliate_id: text(36),
  name: text(200).nullable(),
  ref_code: text(64),
  clicks: z.number().int(),
  conversions: z.number().int(),
  revenue: z.number().int(),
  commissions: z.number().int(),
  recruits: z.number().int().describe('affiliates it recruited (all time)'),
  second_tier: z.number().int().describe('what it earned on its recruits in the range, minor units of the report currency; not in commissions'),
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
  recruits: unknown;
  second_tier: unknown;
};

export const presentLeaderboardRow = (r: LeaderboardRow): z.infer<typeof leaderboardRow> => ({
  affiliate_id: r.affiliate_id,
  name: r.name,
  ref_code: r.ref_code,
  clicks: Number(r.clicks),
  conversions: Number(r.conversions),
  revenue: Number(r.revenue),
  commissions: Number(r.commissions),
  recruits: Number(r.recruits),
  second_tier: Number(r.second_tier),
});

export const campaignReportRow = z.object({
  campaign_id: text(36),
  name: text(200),
  status: text(16),
  clicks: z.number().int(),
  conversions: z.number().int(),
  revenue: z.number().int(),
  commissions: z.number().int(),
});

/** A campaign breakdown row as the database answers it (sums as numeric). */
export type CampaignReportRow = { campaign_id: string; name: string; status: string; clicks: unknown; conversions: unknown; revenue: unknown; commissions: unknown };

export const presentCampaignReportRow = (r: CampaignReportRow): z.infer<typeof campaignReportRow> => ({
  campaign_id: r.campaign_id,
  name: r.name,
  status: r.status,
  clicks: Number(r.clicks),
  conversions: Number(r.conversions),
  revenue: Number(r.revenue),
  commissions: Number(r.commissions),
});
