import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inWindow, onlyAffiliates } from './scope';
import { rowsOf as sqlRows } from '../../lib/rows';
import type { RiskWindow } from './window';

export type SharedFingerprints = {
  fingerprints: number;
  clicksWithFingerprint: number;
  partners: number;
  /** The other affiliate whose fingerprints carry most of this one's clicks, and how many. */
  topPartnerId: string | null;
  sharedWithTopPartner: number;
  clicksSharedWithTopPartner: number;
};

/**
 * Fingerprints an affiliate's clicks share with each other affiliate of the workspace, weighted
 * by clicks. A shopper who reads two blogs links them by one click or two; one person running
 * several accounts clicks all of them from the same few devices, so most of each account's
 * clicks carry fingerprints seen on its sibling.
 */
export async function sharedFingerprintsByAffiliate(
  db: DbOrTx,
  workspaceId: string,
  w: RiskWindow,
  only?: string[],
): Promise<Map<string, SharedFingerprints>> {
  const seen = sql`select affiliate_id, fingerprint, count(*) as n from clicks
    where workspace_id = ${workspaceId} and fingerprint is not null and ${inWindow(sql`created_at`, w)}
    group by 1, 2`;
  const totals = await sqlRows<{ affiliate_id: string; fingerprints: number; clicks: number }>(
    db,
    sql`select affiliate_id::text as affiliate_id, count(distinct fingerprint)::int as fingerprints, count(*)::int as clicks
        from clicks
        where workspace_id = ${workspaceId} and fingerprint is not null and ${inWindow(sql`created_at`, w)}
          ${onlyAffiliates(sql`affiliate_id`, only)}
        group by 1`,
  );
  const pairs = await sqlRows<{ affiliate_id: string; partner_id: string; fingerprints: number; clicks: number }>(
    db,
    sql`with seen as (${seen})
        select a.affiliate_id::text as affiliate_id, b.affiliate_id::text as partner_id,
          count(*)::int as fingerprints, sum(a.n)::int as clicks
        from seen a join seen b on b.fingerprint = a.fingerprint and b.affiliate_id <> a.affiliate_id
        where true ${onlyAffiliates(sql`a.affiliate_id`, only)}
        group by 1, 2`,
  );
  const out = new Map<string, SharedFingerprints>();
  for (const t of totals) {
    out.set(t.affiliate_id, {
      fingerprints: t.fingerprints,
      clicksWithFingerprint: t.clicks,
      partners: 0,
      topPartnerId: null,
      sharedWithTopPartner: 0,
      clicksSharedWithTopPartner: 0,
    });
  }
  for (const p of pairs) {
    const s = out.get(p.affiliate_id);
    if (!s) continue;
    s.partners += 1;
    // Ties go to the smaller id so repeated runs name the same partner.
    const better = p.clicks > s.clicksSharedWithTopPartner || (p.clicks === s.clicksSharedWithTopPartner && p.partner_id < (s.topPartnerId ?? '~'));
    if (better) Object.assign(s, { topPartnerId: p.partner_id, sharedWithTopPartner: p.fingerprints, clicksSharedWithTopPartner: p.clicks });
  }
  return out;
}
