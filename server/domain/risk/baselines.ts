import type { ConversionStats } from './conversion-stats';
import type { DailyClicks } from './click-activity';
import { clamp, logit, median } from './robust';
import { RECENT_DAYS, WINDOW_DAYS } from './window';

// Workspace-wide reference points every affiliate is compared against.

/** Below this many clicks a conversion rate says nothing; such affiliates are not compared. */
export const MIN_CLICKS_FOR_RATE = 20;
/** Fewer peers than this and there is no workspace baseline to compare against. */
export const MIN_PEERS = 5;
/** Pseudo-counts pulling small samples toward the workspace rate (empirical Bayes shrinkage). */
export const RATE_PRIOR_CLICKS = 50;
export const REFUND_PRIOR_SALES = 5;

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const windowClicks = (series: DailyClicks | undefined) => (series ? sum(series.slice(0, WINDOW_DAYS)) : 0);
export const recentDaily = (series: DailyClicks | undefined, days = RECENT_DAYS) =>
  series ? sum(series.slice(0, days)) / days : 0;

export type Baselines = {
  /** log1p(clicks per day over the recent period) of every affiliate with clicks; null: too few peers. */
  velocityLogs: number[] | null;
  velocityMedian: number | null;
  conversionRate: number;
  /** logit of the smoothed conversion rate of every affiliate with enough clicks; null: too few. */
  rateLogits: number[] | null;
  rateMedian: number | null;
  refundRate: number;
};

// Conversions can outnumber clicks (a coupon code, or a ref passed server-side, brings sales with no
// click), but a rate is a share of clicks: above 1 its logit is NaN, which made the workspace's
// baseline NaN and every assessment in it fail to store. Kept inside (0, 1): "all of them convert".
const MAX_RATE = 0.999;
export const smoothedRate = (conversions: number, clicks: number, prior: number) =>
  Math.min(MAX_RATE, (conversions + RATE_PRIOR_CLICKS * prior) / (clicks + RATE_PRIOR_CLICKS));

export function workspaceBaselines(daily: Map<string, DailyClicks>, conversions: Map<string, ConversionStats>): Baselines {
  const velocity = [...daily.values()].map((s) => recentDaily(s));
  const clicksOf = new Map([...daily].map(([id, s]) => [id, windowClicks(s)]));
  const totalClicks = sum([...clicksOf.values()]);
  const stats = [...conversions.values()];
  const totalConversions = sum(stats.map((s) => s.conversions));
  const conversionRate = clamp(totalClicks ? totalConversions / totalClicks : 0.02, 0.001, 0.5);
  const totalSales = sum(stats.map((s) => s.sales));
  const refundRate = clamp(totalSales ? sum(stats.map((s) => s.refunded + s.chargebacks)) / totalSales : 0.05, 0.01, 0.5);

  const peers = [...clicksOf].filter(([, clicks]) => clicks >= MIN_CLICKS_FOR_RATE);
  const rates = peers.map(([id, clicks]) => (conversions.get(id)?.conversions ?? 0) / clicks);
  const logits = peers.map(([id, clicks]) => logit(smoothedRate(conversions.get(id)?.conversions ?? 0, clicks, conversionRate)));
  return {
    velocityLogs: velocity.length >= MIN_PEERS ? velocity.map(Math.log1p) : null,
    velocityMedian: velocity.length >= MIN_PEERS ? median(velocity) : null,
    conversionRate,
    rateLogits: logits.length >= MIN_PEERS ? logits : null,
    rateMedian: rates.length >= MIN_PEERS ? median(rates) : null,
    refundRate,
  };
}
