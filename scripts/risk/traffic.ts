import type { clicks, conversions } from '@/db/schema';
import type { Rng } from './rng';

// Building blocks of a synthetic program: visitors, clicks, conversions and honest traffic.
// Rows are plain inserts for the real tables; nothing here knows how the signals are computed.

export const DAY_MS = 86_400_000;
/** Days of history generated: the velocity baseline plus the recent period. */
export const HISTORY_DAYS = 35;

export type ClickRow = typeof clicks.$inferInsert;
export type ConversionRow = typeof conversions.$inferInsert;
export type Visitor = { key: string; fingerprint: string; ipHash: string };
export type Device = { fingerprint: string; ipHash: string };
export type SyntheticAffiliate = { id: string; email: string; refCode: string; createdAt: Date };

export type HonestProfile = {
  dailyClicks: number;
  conversionRate: number;
  refundRate: number;
  /** Visitors drawn from an audience shared with other affiliates, and how often. */
  sharedAudience?: { pool: Visitor[]; share: number };
  /** Multiplier on the last few days: a post that went viral. */
  spike?: { days: number; factor: number };
};

export function createProgram(rng: Rng, workspaceId: string, campaignId: string, now: Date) {
  const clickRows: ClickRow[] = [];
  const conversionRows: ConversionRow[] = [];
  let orders = 0;
  const uuid = rng.uuid;
  const device = (): Device => ({ fingerprint: `fp_${rng.hex(16)}`, ipHash: `ip_${rng.hex(16)}` });
  const visitor = (d: Device = device()): Visitor => ({ key: `v_${rng.hex(16)}`, ...d });
  /** Carrier-grade NAT and office gateways: many honest people behind a few addresses. */
  const natIps = Array.from({ length: 6 }, () => `ip_${rng.hex(16)}`);
  /** The shop's regular visitors, who also read several affiliates. */
  const shoppers = Array.from({ length: 1500 }, () => visitor());
  const at = (age: number) => new Date(now.getTime() - (age + rng.next()) * DAY_MS);

  function click(a: SyntheticAffiliate, v: Visitor, ts: Date) {
    clickRows.push({
      id: uuid(),
      workspaceId,
      campaignId,
      affiliateId: a.id,
      visitorKey: v.key,
      fingerprint: v.fingerprint,
      ipHash: v.ipHash,
      uaHash: `ua_${v.fingerprint.slice(3, 7)}`,
      matchMethod: 'new',
      matchConfidence: 1,
      source: 'api',
      ts,
    });
  }

  function sale(a: SyntheticAffiliate, v: Visitor | null, ts: Date, o: { refund?: boolean; chargeback?: boolean; customerId?: string; lead?: boolean } = {}) {
    const amount = o.lead ? 0 : Math.round(rng.logNormal(4900, 0.6));
    const status = o.chargeback ? 'chargeback' : o.refund ? 'refunded' : 'confirmed';
    conversionRows.push({
      id: uuid(),
      workspaceId,
      campaignId,
      affiliateId: a.id,
      type: o.lead ? 'lead' : 'sale',
      status: o.lead ? 'confirmed' : status,
      amount,
      refundedAmount: o.refund ? amount : 0,
      externalId: `ord_${++orders}`,
      customerId: o.customerId ?? `cus_${rng.hex(12)}`,
      visitorKey: v?.key ?? null,
      matchMethod: v ? 'cookie' : 'manual_code',
      matchConfidence: 1,
      ts,
      createdAt: ts,
    });
  }

  /** A real audience: day-by-day Poisson clicks, mostly distinct people, some of them buying. */
  function honestTraffic(a: SyntheticAffiliate, p: HonestProfile, leadShare: number) {
    const firstAge = Math.min(HISTORY_DAYS - 1, Math.floor((now.getTime() - a.createdAt.getTime()) / DAY_MS));
    for (let age = firstAge; age >= 0; age--) {
      const weekly = 1 + 0.25 * Math.sin((2 * Math.PI * age) / 7);
      const spike = p.spike && age < p.spike.days ? p.spike.factor : 1;
      const n = rng.poisson(p.dailyClicks * weekly * spike);
      for (let i = 0; i < n; i++) {
        const shared = p.sharedAudience && rng.chance(p.sharedAudience.share);
        const who = shared ? rng.pick(p.sharedAudience!.pool) : rng.chance(0.08) ? rng.pick(shoppers) : visitor();
        const v = rng.chance(0.03) ? { ...who, ipHash: rng.pick(natIps) } : who;
        const ts = at(age);
        click(a, v, ts);
        if (rng.chance(0.15)) click(a, v, new Date(ts.getTime() + 60_000));
        if (rng.chance(p.conversionRate)) {
          const lead = rng.chance(leadShare);
          sale(a, v, new Date(ts.getTime() + 600_000), { lead, refund: rng.chance(p.refundRate), chargeback: rng.chance(0.004) });
        }
      }
    }
    // Affiliates try their own link now and then; not a purchase, not fraud.
    const me = visitor();
    for (let i = rng.poisson(1.5); i > 0; i--) click(a, me, at(rng.int(0, firstAge)));
  }

  return { workspaceId, campaignId, now, clickRows, conversionRows, uuid, device, visitor, shoppers, at, click, sale, honestTraffic };
}

export type Program = ReturnType<typeof createProgram>;
