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

// One pass over the rollups for both answers: the grand total (grouping set (), revenue and
// commissions in the report's currency) and one row per currency.
const summaryOf = preparedShapes('report_summary', (f: Shape, db) =>
  db
    .select({
      total: sql<number>`grouping(r.currency)`,
      currency: sql<string>`r.currency`,
      clicks: sql<string>`coalesce(sum(r.clicks), 0)`,
      leads: sql<string>`coalesce(sum(r.leads), 0)`,
      sales: sql<string>`coalesce(sum(r.sales), 0)`,
      revenue: sql<string>`coalesce(sum(r.revenue), 0)`,
      commissions: sql<string>`coalesce(sum(r.commissions), 0)`,
      revenueIn: inCurrency(sql`r.revenue`, p('currency')),
      commissionsIn: inCurrency(sql`r.commissions`, p('currency')),
    })
    .from(sql`${liveRollups} r`)
    .where(whereOf(f))
    .groupBy(sql`grouping sets ((), (r.currency))`),
);

/** Totals over the range from the rollups alone (one aggregate over at most days × pairs rows). */
export async function reportSummary({ ctx, filters }: { ctx: WorkspaceCtx; filters: ReportFilters }) {
  const scope = await reportScope({ ctx, f: filters });
  const shape = { campaign: !!filters.campaign_id, affiliate: !!filters.affiliate_id };
  const values = { workspaceId: ctx.workspaceId, from: scope.from, to: scope.to, campaignId: filters.campaign_id, affiliateId: filters.affiliate_id, currency: scope.currency };
  // Sums come back as numeric (a string on postgres.js): Number() normalises both drivers.
  const rows = (await summaryOf(shape)(ctx.db).execute(values)).map((r) => ({
    ...r, total: Number(r.total) === 1, sales: Number(r.sales), revenue: Number(r.revenue), commissions: Number(r.commissions),
  }));
  const t = rows.find((r) => r.total)!; // the grand total comes back even over no rows
  // clicks carry no currency (''); a currency whose sums cancel out is not listed
  const currencies = rows
    .filter((r) => !r.total && r.currency !== '' && (r.sales || r.revenue || r.commissions))
    .sort((a, b) => b.sales - a.sales || (a.currency < b.currency ? -1 : 1));
  const clicks = Number(t.clicks);
  const sales = t.sales;
  return {
    clicks,
    leads: Number(t.leads),
    sales,
    revenue: Number(t.revenueIn),
    commissions: Number(t.commissionsIn),
    conversion_rate: conversionRate(sales, clicks),
    currency: scope.currency,
    by_currency: currencies.map((c) => ({ currency: c.currency, sales: c.sales, revenue: c.revenue, commissions: c.commissions })),
    from: scope.from,
    to: scope.to,
  };
}
