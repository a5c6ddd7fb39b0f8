import type { AffiliateCtx } from '../context';
import { addDays, dayIn } from '../reports/range';
import { reportTimeseries } from '../reports/timeseries';
import { readSettings } from '../settings/settings';
import { ownEarningsByCurrency } from './earnings-by-currency';
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
export async function ownEarnings({ ctx, interval, currency: asked, now = new Date() }: { ctx: AffiliateCtx; interval: EarningsInterval; currency?: string; now?: Date }) {
  const settings = await readSettings(ctx);
  // The chart shows one currency at a time (sums of two are meaningless), and says which others exist.
  const currencies = (await ownEarningsByCurrency(ctx, settings.currency)).map((c) => c.currency);
  if (!currencies.includes(settings.currency)) currencies.unshift(settings.currency);
  const currency = asked ?? settings.currency;
  const to = dayIn(now, settings.timezone);
  const from = rangeStart(to, interval);
  const series = await reportTimeseries({ ctx, filters: { affiliate_id: ctx.affiliateId, from, to, currency }, metric: 'commissions', interval });
  return { interval, currency, currencies, from, to, points: series.points };
}
