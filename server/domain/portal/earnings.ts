import type { AffiliateCtx } from '../context';
import { addDays, dayIn } from '../reports/range';
import { reportTimeseries } from '../reports/timeseries';
import { readSettings } from '../settings/settings';
import type { ReportInterval } from '../../model/enums';

export type EarningsInterval = ReportInterval;

/** The first day of the range each bucket size shows: 30 days, 12 weeks, or 12 months. */
function rangeStart(today: string, interval: EarningsInterval): string {
  if (interval === 'day') return addDays(today, -29);
  if (interval === 'week') return addDays(today, -7 * 11);
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return d.toISOString().slice(0, 10);
}

/**
 * The signed-in affiliate's commissions over time: the reports timeseries (daily rollups, test
 * conversions left out, reversed and denied commissions not counted, each commission on its
 * conversion's day in the workspace time zone) filtered to this affiliate. No aggregation of its
 * own, so the portal chart and the manager's report always agree.
 */
export async function ownEarnings({ ctx, interval, now = new Date() }: { ctx: AffiliateCtx; interval: EarningsInterval; now?: Date }) {
  const { timezone, currency } = await readSettings(ctx);
  const to = dayIn(now, timezone);
  const from = rangeStart(to, interval);
  const series = await reportTimeseries({ ctx, filters: { affiliate_id: ctx.affiliateId, from, to }, metric: 'commissions', interval });
  return { interval, currency, from, to, points: series.points };
}
