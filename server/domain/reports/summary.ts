import { sql } from 'drizzle-orm';
import { conversionRate } from '../../contracts/report';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { reportScope, type ReportFilters } from './scope';
import { liveRollups } from '../rollups/live';

type Totals = { clicks: unknown; leads: unknown; sales: unknown; revenue: unknown; commissions: unknown };

/** Totals over the range from daily_rollups alone (one aggregate over at most days × pairs rows). */
export async function reportSummary({ ctx, filters }: { ctx: WorkspaceCtx; filters: ReportFilters }) {
  const scope = await reportScope({ ctx, f: filters });
  // Sums come back as numeric (a string on postgres.js): Number() normalises both drivers. The two
  // aggregates do not depend on each other, so they are sent together.
  const [[t], currencies] = await Promise.all([
    rowsOf<Totals>(ctx.db, sql`
    select coalesce(sum(r.clicks), 0) as clicks, coalesce(sum(r.leads), 0) as leads, coalesce(sum(r.sales), 0) as sales,
           ${scope.revenue} as revenue, ${scope.commissions} as commissions
    from ${liveRollups} r where ${scope.where}`),
    rowsOf<{ currency: string; sales: unknown; revenue: unknown; commissions: unknown }>(ctx.db, sql`
    select r.currency, sum(r.sales) as sales, sum(r.revenue) as revenue, sum(r.commissions) as commissions
    from ${liveRollups} r where ${scope.where} and r.currency <> ''
    group by r.currency having sum(r.sales) <> 0 or sum(r.revenue) <> 0 or sum(r.commissions) <> 0
    order by sum(r.sales) desc, r.currency`),
  ]);
  const clicks = Number(t.clicks);
  const sales = Number(t.sales);
  return {
    clicks,
    leads: Number(t.leads),
    sales,
    revenue: Number(t.revenue),
    commissions: Number(t.commissions),
    conversion_rate: conversionRate(sales, clicks),
    currency: scope.currency,
    by_currency: currencies.map((c) => ({ currency: c.currency, sales: Number(c.sales), revenue: Number(c.revenue), commissions: Number(c.commissions) })),
    from: scope.from,
    to: scope.to,
  };
}
