import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inWindow, onlyAffiliates } from './scope';
import { rowsOf as sqlRows } from '../../lib/rows';
import type { RiskWindow } from './window';

// A device (fingerprint or address hash) is the affiliate's own when it carries at least this
// many of the affiliate's clicks and this share of them: people who test their links click them
// again and again from one machine, while a real buyer clicks once or twice.
export const OWN_DEVICE_MIN_CLICKS = 5;
export const OWN_DEVICE_MIN_SHARE = 0.1;
// An address seen with more browsers than this is a gateway (carrier NAT, an office, a campus),
// not one person's machine: a mobile audience buys through the same few addresses it clicks from.
export const OWN_ADDRESS_MAX_FINGERPRINTS = 3;

export type DeviceConversions = { withVisitor: number; onOwnDevice: number };

/**
 * The device side of self-referral. Conversions carry no buyer e-mail or address, but they carry
 * the visitor, and the visitor's clicks carry fingerprint and address hashes: a conversion whose
 * visitor used a device that also made a large share of the affiliate's own clicks was most
 * likely bought by the affiliate (or a helper at the same machine) through its own link.
 */
export async function deviceConversionsByAffiliate(
  db: DbOrTx,
  workspaceId: string,
  w: RiskWindow,
  clicksInWindow: Map<string, number>,
  only?: string[],
): Promise<Map<string, DeviceConversions>> {
  const heavy = await sqlRows<{ affiliate_id: string; device: string; n: number }>(
    db,
    sql`select affiliate_id::text as affiliate_id, 'f:' || fingerprint as device, count(*)::int as n from clicks
        where workspace_id = ${workspaceId} and fingerprint is not null and ${inWindow(sql`created_at`, w)}
          ${onlyAffiliates(sql`affiliate_id`, only)}
        group by 1, 2 having count(*) >= ${OWN_DEVICE_MIN_CLICKS}
        union all
        select affiliate_id::text, 'i:' || ip_hash, count(*)::int from clicks
        where workspace_id = ${workspaceId} and ip_hash is not null and ${inWindow(sql`created_at`, w)}
          ${onlyAffiliates(sql`affiliate_id`, only)}
        group by 1, 2 having count(*) >= ${OWN_DEVICE_MIN_CLICKS} and count(distinct fingerprint) <= ${OWN_ADDRESS_MAX_FINGERPRINTS}`,
  );
  const own = new Set(
    heavy.filter((h) => h.n >= OWN_DEVICE_MIN_SHARE * (clicksInWindow.get(h.affiliate_id) ?? 0)).map((h) => `${h.affiliate_id} ${h.device}`),
  );
  const visits = await sqlRows<{ conversion_id: string; affiliate_id: string; fingerprint: string | null; ip_hash: string | null }>(
    db,
    sql`select c.id::text as conversion_id, c.affiliate_id::text as affiliate_id, v.fingerprint, v.ip_hash
        from conversions c
        left join clicks v on v.workspace_id = c.workspace_id and v.visitor_key = c.visitor_key
          and v.created_at < ${w.to.toISOString()}::timestamptz
        where c.workspace_id = ${workspaceId} and c.is_test = false and c.visitor_key is not null
          and ${inWindow(sql`c.ts`, w)} ${onlyAffiliates(sql`c.affiliate_id`, only)}`,
  );
  const byConversion = new Map<string, { affiliateId: string; owned: boolean }>();
  for (const v of visits) {
    const entry = byConversion.get(v.conversion_id) ?? { affiliateId: v.affiliate_id, owned: false };
    entry.owned ||=
      (v.fingerprint !== null && own.has(`${v.affiliate_id} f:${v.fingerprint}`)) ||
      (v.ip_hash !== null && own.has(`${v.affiliate_id} i:${v.ip_hash}`));
    byConversion.set(v.conversion_id, entry);
  }
  const out = new Map<string, DeviceConversions>();
  for (const { affiliateId, owned } of byConversion.values()) {
    const s = out.get(affiliateId) ?? { withVisitor: 0, onOwnDevice: 0 };
    s.withVisitor += 1;
    if (owned) s.onOwnDevice += 1;
    out.set(affiliateId, s);
  }
  return out;
}
