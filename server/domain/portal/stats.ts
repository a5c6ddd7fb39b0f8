import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { clicks, conversions } from '@/db/schema';
import type { AffiliateStats } from '../../contracts/affiliate-view';
import type { AffiliateCtx } from '../context';
import { readSettings } from '../settings/settings';
import { ownEarningsByCurrency, type CurrencyEarnings } from './earnings-by-currency';

// A lead or sale counts while it stands (pending or confirmed); reversed, refunded and
// charged-back ones do not. Revenue is net of partial refunds. Money sums take only rows in the
// workspace currency, the one the answer is labelled with: adding cents of two currencies is
// meaningless; commissions in every currency are listed beside them (commissions_by_currency).
// Test conversions are left out everywhere (docs/reports.md#what-counts).
const standing = inArray(conversions.status, ['pending', 'confirmed']);
const total = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

const commissionsIn = (rows: CurrencyEarnings[], currency: string) => {
  const row = rows.find((r) => r.currency === currency);
  return { pending: row?.pending ?? 0, approved: row?.approved ?? 0, paid: row?.paid ?? 0 };
};

/** The affiliate's totals, computed by the database in three aggregate queries. */
export async function ownStats(ctx: AffiliateCtx): Promise<AffiliateStats> {
  const { currency } = await readSettings(ctx);
  const [[clickTotals], [conversionTotals], byCurrency] = await Promise.all([
    ctx.db
      .select({ clicks: count() })
      .from(clicks)
      .where(and(eq(clicks.workspaceId, ctx.workspaceId), eq(clicks.affiliateId, ctx.affiliateId))),
    ctx.db
      .select({
        leads: total(sql`count(*) filter (where ${conversions.type} = 'lead' and ${standing})`),
        sales: total(sql`count(*) filter (where ${conversions.type} = 'sale' and ${standing})`),
        revenue: total(
          sql`sum(${conversions.amount} - ${conversions.refundedAmount}) filter (where ${conversions.type} = 'sale' and ${standing} and ${conversions.currency} = ${currency})`,
        ),
      })
      .from(conversions)
      .where(
        and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.affiliateId, ctx.affiliateId), eq(conversions.isTest, false)),
      ),
    ownEarningsByCurrency(ctx, currency),
  ]);
  return {
    clicks: clickTotals.clicks,
    leads: conversionTotals.leads,
    sales: conversionTotals.sales,
    revenue: conversionTotals.revenue,
    commissions: commissionsIn(byCurrency, currency),
    currency,
    commissions_by_currency: byCurrency,
  };
}
