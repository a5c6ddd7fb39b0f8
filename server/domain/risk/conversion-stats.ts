import { sql } from 'drizzle-orm';
import { rowsOf as sqlRows } from '../../lib/rows';
import type { RiskWindow } from './window';
import type { WorkspaceCtx } from '../context';

export type ConversionStats = {
  conversions: number;
  sales: number;
  /** Sales refunded in full or in part. */
  refunded: number;
  chargebacks: number;
  /** Conversions whose customer_id is the affiliate's own e-mail, id or ref code. */
  customerMatches: number;
};

/**
 * Every affiliate's non-test conversions in the window, for the whole workspace (the refund and
 * conversion-rate baselines are the workspace's). Conversions carry no e-mail or address of the
 * buyer, so the customer side of self-referral is customer_id naming the affiliate itself.
 */
export async function conversionStatsByAffiliate({ ctx, w }: { ctx: WorkspaceCtx; w: RiskWindow }): Promise<Map<string, ConversionStats>> {
  const { db, workspaceId } = ctx;
  const rows = await sqlRows<{
    affiliate_id: string;
    conversions: number;
    sales: number;
    refunded: number;
    chargebacks: number;
    customer_matches: number;
  }>(
    db,
    sql`select c.affiliate_id::text as affiliate_id,
          count(*)::int as conversions,
          count(*) filter (where c.type = 'sale')::int as sales,
          count(*) filter (where c.type = 'sale' and c.status <> 'chargeback'
            and (c.status = 'refunded' or c.refunded_amount > 0))::int as refunded,
          count(*) filter (where c.type = 'sale' and c.status = 'chargeback')::int as chargebacks,
          count(*) filter (where lower(trim(c.customer_id)) in (lower(a.email), a.id::text, a.ref_code))::int as customer_matches
        from conversions c
        join affiliates a on a.id = c.affiliate_id and a.workspace_id = c.workspace_id
        where c.workspace_id = ${workspaceId} and c.is_test = false
          and c.ts >= ${w.from.toISOString()}::timestamptz and c.ts < ${w.to.toISOString()}::timestamptz
        group by 1`,
  );
  return new Map(
    rows.map((r) => [
      r.affiliate_id,
      { conversions: r.conversions, sales: r.sales, refunded: r.refunded, chargebacks: r.chargebacks, customerMatches: r.customer_matches },
    ]),
  );
}
