import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rowsOf } from '../../lib/rows';
import { liveRollups } from '../rollups/live';
import { NO_TOTALS, type PeriodWindow, type Totals } from './period';

type TotalsRow = { affiliate_id: string; clicks: string | number; leads: string | number; sales: string | number; revenue: string | number; commissions: string | number };

/**
 * Each affiliate's totals over a window's days, read from the daily rollups (days in the
 * workspace's time zone, as reports count them): counts of every currency, revenue and
 * commissions of `currency` only. Bounty commissions never enter the rollups, so a commissions
 * bounty counts what sales earned, never other bounties. Only reads: the rule is in period.ts.
 */
export async function totalsOf(
  db: DbOrTx,
  { workspaceId, affiliateIds, window, currency }: { workspaceId: string; affiliateIds: string[]; window: PeriodWindow; currency: string },
): Promise<Map<string, Totals>> {
  const out = new Map<string, Totals>();
  if (!affiliateIds.length) return out;
  const ids = sql.join(affiliateIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = await rowsOf<TotalsRow>(db, sql`
    select affiliate_id,
      coalesce(sum(clicks), 0) as clicks, coalesce(sum(leads), 0) as leads, coalesce(sum(sales), 0) as sales,
      coalesce(sum(revenue) filter (where currency = ${currency}), 0) as revenue,
      coalesce(sum(commissions) filter (where currency = ${currency}), 0) as commissions
    from ${liveRollups} r
    where workspace_id = ${workspaceId}::uuid and affiliate_id in (${ids}) and day >= ${window.from} and day <= ${window.to}
    group by affiliate_id`);
  for (const id of affiliateIds) out.set(id, { ...NO_TOTALS });
  for (const r of rows) {
    out.set(r.affiliate_id, { clicks: Number(r.clicks), leads: Number(r.leads), sales: Number(r.sales), revenue: Number(r.revenue), commissions: Number(r.commissions) });
  }
  return out;
}
