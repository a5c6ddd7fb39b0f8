import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reportInterval, reportMetric } from '../../contracts/report';
import { MAX_SERIES_POINTS } from '../../contracts/limits';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { dayLabel, dayNumber } from './range';
import { reportScope, type ReportFilters, type ReportScope } from './scope';
import { liveRollups } from '../rollups/live';

type Metric = z.infer<typeof reportMetric>;
type Interval = z.infer<typeof reportInterval>;

const metricSql = (metric: Metric, scope: ReportScope) =>
  ({ clicks: sql`sum(r.clicks)`, conversions: sql`sum(r.leads + r.sales)`, revenue: scope.revenue, commissions: scope.commissions })[metric];

// A series has at most this many points: 3,700 days (about ten years) by day, 3,700 weeks by
// week; by month the contract's 2000-2100 bound already keeps it to 1,212.
const MAX_POINTS = MAX_SERIES_POINTS;
const MAX_DAYS: Record<Interval, number | undefined> = { day: MAX_POINTS, week: MAX_POINTS * 7, month: undefined };

/** Start of the bucket holding `day`: itself, its ISO week's Monday, or the 1st of its month. */
export function bucketStart(day: string, interval: Interval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayLabel(n - ((n + 3) % 7));
}

/** Every bucket start from the one holding `from` to the one holding `to`, counted in numbers. */
function bucketStarts(from: string, to: string, interval: Interval): string[] {
  const starts: string[] = [];
  if (interval === 'month') {
    const first = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1;
    const last = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - 1;
    for (let m = first; m <= last && starts.length < MAX_POINTS; m++) {
      starts.push(`${String(Math.floor(m / 12)).padStart(4, '0')}-${String((m % 12) + 1).padStart(2, '0')}-01`);
    }
    return starts;
  }
  const step = interval === 'week' ? 7 : 1;
  const last = dayNumber(to);
  for (let n = dayNumber(bucketStart(from, interval)); n <= last && starts.length < MAX_POINTS; n += step) starts.push(dayLabel(n));
  return starts;
}

/**
 * One metric per bucket over the range, empty buckets as 0. Rollup days are already local to the
 * workspace time zone, so bucketing is plain calendar arithmetic on those labels.
 */
export async function reportTimeseries({ ctx, filters, metric, interval }: { ctx: WorkspaceCtx; filters: ReportFilters; metric: Metric; interval: Interval }) {
  const scope = await reportScope({ ctx, f: filters, maxDays: MAX_DAYS[interval] });
  const rows = await rowsOf<{ day: string; value: unknown }>(ctx.db, sql`
    select r.day, ${metricSql(metric, scope)} as value from ${liveRollups} r where ${scope.where} group by r.day`);
  const byBucket = new Map<string, number>();
  for (const r of rows) {
    const key = bucketStart(r.day, interval);
    byBucket.set(key, (byBucket.get(key) ?? 0) + Number(r.value));
  }
  const points = bucketStarts(scope.from, scope.to, interval).map((period) => ({ period, value: byBucket.get(period) ?? 0 }));
  return { metric, interval, points };
}
