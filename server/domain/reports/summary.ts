import { sql } from 'drizzle-orm';
import { conversionRate } from '../../contracts/report';
import { preparedShapes } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { inCurrency, reportScope, scopeWhere, type ReportFilters } from './scope';
import { liveRollups } from '../rollups/live';

// Built once per filter shape (which of campaign and affiliate are given) and run with placeholders.
type Shape = { campaign: boolean; affiliate: boolean };
const p = sql.placeholder;
const whereOf = (f: Shape) =>
  scopeWhere({
    workspaceId: p('workspaceId'), from: p('from'), to: p('to'),
    campaignId: f.campaign ? p('campaignId') : undefined, affiliateId: f.affiliate ? p('affiliateId') : undefined,
  });

const totalsOf = preparedShapes('report_summary', (f: Shape, db) =>
  db
    .select({
      clicks: sql<string>`coalesce(sum(r.clicks), 0)`,
      leads: sql<string>`coalesce(sum(r.leads), 0)`,
      sales: sql<string>`coalesce(sum(r.sales), 0)`,
      revenue: inCurrency(sql`r.revenue`, p('currency')),
      commissions: inCurrency(sql`r.commissions`, p('currency')),
    })
    .from(sql`${liveRollups} r`)
    .where(whereOf(f)),
);
const currenciesOf = preparedShapes('report_summary_currencies', (f: Shape, db) =>
  db
    .select({ currency: sql<string>`r.currency`, sales: sql<string>`sum(r.sales)`, revenue: sql<string>`sum(r.revenue)`, commissions: sql<string>`sum(r.commissions)` })
    .from(sql`${liveRollups} r`)
    .where(sql`${whereOf(f)} and r.currency <> ''`)
    .groupBy(sql`r.currency`)
    .having(sql`sum(r.sales) <> 0 or sum(r.revenue) <> 0 or sum(r.commissions) <> 0`)
    .orderBy(sql`sum(r.sales) desc`, sql`r.currency`),
);

/** Totals over the range from daily_rollups alone (one aggregate over at most days × pairs rows). */
export async function reportSummary({ ctx, filters }: { ctx: WorkspaceCtx; filters: ReportFilters }) {
  const scope = await reportScope({ ctx, f: filters });
  const shape = { campaign: !!filters.campaign_id, affiliate: !!filters.affiliate_id };
  const values = { workspaceId: ctx.workspaceId, from: scope.from, to: scope.to, campaignId: filters.campaign_id, affiliateId: filters.affiliate_id, currency: scope.currency };
  // Sums come back as numeric (a string on postgres.js): Number() normalises both drivers. The two
  // aggregates do not depend on each other, so they are sent together.
  const [[t], currencies] = await Promise.all([totalsOf(shape)(ctx.db).execute(values), currenciesOf(shape)(ctx.db).execute(values)]);
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
