import { and, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import { clicks, commissions, conversions } from '@/db/schema';
import type { AffiliateStats } from '../../contracts/affiliate-view';
import type { AffiliateCtx } from '../context';
import { onTestConversion } from '../commissions/read';
import { readSettings } from '../settings/settings';

// A lead or sale counts while it stands (pending or confirmed); reversed, refunded and
// charged-back ones do not. Revenue is net of partial refunds. Money sums take only rows in the
// workspace currency, the one the answer is labelled with: adding cents of two currencies is
// meaningless. Test conversions are left out everywhere (docs/reports.md#what-counts).
const standing = inArray(conversions.status, ['pending', 'confirmed']);
const total = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** The affiliate's totals, computed by the database in three aggregate queries. */
export async function ownStats(ctx: AffiliateCtx): Promise<AffiliateStats> {
  const { currency } = await readSettings(ctx);
  const [[clickTotals], [conversionTotals], [commissionTotals]] = await Promise.all([
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
    ctx.db
      .select({
        pending: total(sql`sum(${commissions.amount}) filter (where ${commissions.status} = 'pending')`),
        // Clawbacks are negative approved commissions, so this is what the next payout nets.
        approved: total(sql`sum(${commissions.amount}) filter (where ${commissions.status} = 'approved')`),
        paid: total(sql`sum(${commissions.amount}) filter (where ${commissions.status} = 'paid')`),
      })
      .from(commissions)
      .where(
        and(
          eq(commissions.workspaceId, ctx.workspaceId),
          eq(commissions.affiliateId, ctx.affiliateId),
          eq(commissions.currency, currency),
          notExists(onTestConversion(ctx)),
        ),
      ),
  ]);
  return {
    clicks: clickTotals.clicks,
    leads: conversionTotals.leads,
    sales: conversionTotals.sales,
    revenue: conversionTotals.revenue,
    commissions: commissionTotals,
    currency,
  };
}
