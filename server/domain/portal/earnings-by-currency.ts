import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { commissions } from '@/db/schema';
import type { AffiliateCtx } from '../context';
import { onTestConversion } from '../commissions/read';

// An affiliate's commission totals, one row per currency its commissions are in. ownStats
// (stats.ts) answers the workspace currency only; a page that shows money earned in any
// currency must not drop the others (a USD program's EUR sale earns EUR). Test conversions are
// left out (docs/reports.md#what-counts); denied and reversed commissions count nowhere.

export type CurrencyEarnings = { currency: string; pending: number; approved: number; paid: number };

const sum = (status: string) => sql<number>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} = ${status}), 0)`.mapWith(Number);

/** Every currency the affiliate earned in, the workspace currency first, then by code. */
export async function ownEarningsByCurrency(ctx: AffiliateCtx, workspaceCurrency: string): Promise<CurrencyEarnings[]> {
  const rows = await ctx.db
    .select({ currency: commissions.currency, pending: sum('pending'), approved: sum('approved'), paid: sum('paid') })
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        eq(commissions.affiliateId, ctx.affiliateId),
        inArray(commissions.status, ['pending', 'approved', 'paid']),
        notExists(onTestConversion(ctx)),
      ),
    )
    .groupBy(commissions.currency);
  return rows.sort((a, b) => (a.currency === workspaceCurrency ? -1 : b.currency === workspaceCurrency ? 1 : a.currency.localeCompare(b.currency)));
}
