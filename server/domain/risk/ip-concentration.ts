import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inWindow, onlyAffiliates } from './scope';
import { rowsOf as sqlRows } from '../../lib/rows';
import type { RiskWindow } from './window';

export type IpConcentration = { clicksWithIp: number; top3Clicks: number; distinctIps: number };

/**
 * How many of an affiliate's clicks came from its three busiest address hashes. Real audiences
 * spread over many addresses; click farms and self-clicking come from a handful.
 */
export async function ipConcentrationByAffiliate(
  db: DbOrTx,
  workspaceId: string,
  w: RiskWindow,
  only?: string[],
): Promise<Map<string, IpConcentration>> {
  const rows = await sqlRows<{ affiliate_id: string; total: number; top3: number; distinct_ips: number }>(
    db,
    sql`select affiliate_id::text as affiliate_id, sum(n)::int as total,
          coalesce(sum(n) filter (where rank <= 3), 0)::int as top3, count(*)::int as distinct_ips
        from (
          select affiliate_id, count(*) as n,
            row_number() over (partition by affiliate_id order by count(*) desc, ip_hash) as rank
          from clicks
          where workspace_id = ${workspaceId} and ip_hash is not null and ${inWindow(sql`created_at`, w)}
            ${onlyAffiliates(sql`affiliate_id`, only)}
          group by affiliate_id, ip_hash
        ) per_ip
        group by 1`,
  );
  return new Map(rows.map((r) => [r.affiliate_id, { clicksWithIp: r.total, top3Clicks: r.top3, distinctIps: r.distinct_ips }]));
}
