import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reportInterval, reportMetric } from '../../contracts/report';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { addDays } from './range';
import { reportScope, type ReportFilters } from './scope';

type Metric = z.infer<typeof reportMetric>;
type Interval = z.infer<typeof reportInterval>;

const METRIC_SQL: Record<Metric, ReturnType<typeof sql>> = {
  clicks: sql`sum(r.clicks)`,
  conversions: sql`sum(r.leads + r.sales)`,
  revenue: sql`sum(r.revenue)`,
  commissions: sql`sum(r.commissions)`,
};

/** Start of the bucket holding `day`: itself, its ISO week's Monday, or the 1st of its month. */
export function bucketStart(day: string, interval: Interval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const nextBucket = (start: string, interval: Interval) => {
  if (interval === 'day') return addDays(start, 1);
  if (interval === 'week') return addDays(start, 7);
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * One metric per bucket over the range, empty buckets as 0. Rollup days are already local to the
 * workspace time zone, so bucketing is plain calendar arithmetic on those labels.
 */
export async function reportTimeseries({ ctx, filters, metric, interval }: { ctx: WorkspaceCtx; filters: ReportFilters; metric: Metric; interval: Interval }) {
  const scope = await reportScope(ctx, filters);
  const rows = await rowsOf<{ day: string; value: unknown }>(ctx.db, sql`
    select r.day, ${METRIC_SQL[metric]} as value from daily_rollups r where ${scope.where} group by r.day`);
  const byBucket = new Map<string, number>();
  for (const r of rows) {
    const key = bucketStart(r.day, interval);
    byBucket.set(key, (byBucket.get(key) ?? 0) + Number(r.value));
  }
  const points: { period: string; value: number }[] = [];
  for (let p = bucketStart(scope.from, interval); p <= scope.to; p = nextBucket(p, interval)) {
    points.push({ period: p, value: byBucket.get(p) ?? 0 });
  }
  return { metric, interval, points };
}
