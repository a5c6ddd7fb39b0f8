import type { RiskFlag } from '@/server/contracts/risk';
import type { Rng } from './rng';
import type { Device, HonestProfile, Program, SyntheticAffiliate, Visitor } from './traffic';

export const PATTERNS = ['self_referral', 'click_farm', 'cookie_stuffing', 'refund_abuse', 'duplicate_accounts'] as const;
export type Pattern = (typeof PATTERNS)[number];

/**
 * What each pattern plants. `signature`: the flags it must raise (recall is measured on these).
 * `plausible`: flags it may raise as a side effect without that being a false positive (a
 * self-referrer's own clicks do concentrate on its address). Any flag on an honest affiliate is a
 * false positive, except disposable_email, which is a fact about the address.
 */
export const EXPECTED: Record<Pattern, { signature: RiskFlag[]; plausible: RiskFlag[] }> = {
  self_referral: { signature: ['self_referral'], plausible: ['conversion_rate_anomaly', 'ip_concentration', 'velocity_anomaly'] },
  click_farm: { signature: ['velocity_anomaly', 'ip_concentration', 'conversion_rate_anomaly'], plausible: ['duplicate_fingerprint'] },
  cookie_stuffing: { signature: ['velocity_anomaly', 'conversion_rate_anomaly'], plausible: ['duplicate_fingerprint'] },
  refund_abuse: { signature: ['high_refund_rate'], plausible: ['conversion_rate_anomaly', 'self_referral'] },
  duplicate_accounts: {
    signature: ['duplicate_fingerprint'],
    plausible: ['self_referral', 'ip_concentration', 'conversion_rate_anomaly', 'velocity_anomaly'],
  },
};

// `intensity` (0.2..1) spreads each pattern from subtle to blatant: a benchmark of blatant fraud only
// would say little.
type Ctx = { p: Program; rng: Rng; honest: (scale: number) => HonestProfile; leadShare: number; medianClicks: number; intensity: number };

/** Buys through its own link from its own machine, often naming itself as the customer. */
export function selfReferral({ p, rng, honest, leadShare, intensity }: Ctx, a: SyntheticAffiliate) {
  p.honestTraffic(a, honest(0.5), leadShare);
  const own = p.device();
  const vpn = rng.chance(0.4);
  const mine = (): Visitor => p.visitor({ fingerprint: own.fingerprint, ipHash: vpn ? `ip_${rng.hex(16)}` : own.ipHash });
  const home = mine();
  for (let i = Math.round(rng.int(6, 35) * intensity); i > 0; i--) p.click(a, rng.chance(0.5) ? home : mine(), p.at(rng.int(0, 29)));
  for (let i = Math.max(1, Math.round(rng.int(3, 12) * intensity)); i > 0; i--) {
    const v = mine();
    const ts = p.at(rng.int(0, 28));
    p.click(a, v, ts);
    const roll = rng.next();
    const customerId = roll < 0.4 * intensity ? (rng.chance(0.5) ? a.email.toUpperCase() : a.email) : roll < 0.55 * intensity ? a.refCode : undefined;
    p.sale(a, v, new Date(ts.getTime() + 300_000), { customerId });
  }
}

/** Bots behind a few proxies: a flood of clicks, hardly a conversion; often a recent burst. */
export function clickFarm({ p, rng, honest, leadShare, medianClicks, intensity }: Ctx, a: SyntheticAffiliate) {
  if (rng.chance(0.6)) p.honestTraffic(a, honest(0.3), leadShare);
  const ips = Array.from({ length: rng.int(2, 12) }, () => `ip_${rng.hex(16)}`);
  const profiles = Array.from({ length: rng.int(10, 80) }, () => `fp_${rng.hex(16)}`);
  const perDay = medianClicks * rng.between(12, 60) * intensity;
  const firstAge = rng.chance(0.5) ? rng.int(1, 6) : 34;
  for (let age = Math.min(firstAge, ageOf(p, a)); age >= 0; age--) {
    for (let i = rng.poisson(perDay); i > 0; i--) {
      p.click(a, p.visitor({ fingerprint: rng.pick(profiles), ipHash: rng.pick(ips) }), p.at(age));
    }
  }
  for (let i = rng.chance(0.3) ? rng.int(1, 3) : 0; i > 0; i--) {
    p.sale(a, p.visitor({ fingerprint: rng.pick(profiles), ipHash: rng.pick(ips) }), p.at(rng.int(0, 6)), { lead: true });
  }
}

/** Hidden iframes drop its cookie on the shop's own visitors: huge reach, organic-rate sales. */
export function cookieStuffing({ p, rng, honest, leadShare, medianClicks, intensity }: Ctx, a: SyntheticAffiliate) {
  p.honestTraffic(a, honest(0.5), leadShare);
  const perDay = medianClicks * rng.between(8, 40) * intensity;
  for (let age = Math.min(34, ageOf(p, a)); age >= 0; age--) {
    for (let i = rng.poisson(perDay); i > 0; i--) {
      const v = rng.chance(0.35) ? rng.pick(p.shoppers) : p.visitor();
      const ts = p.at(age);
      p.click(a, v, ts);
      if (rng.chance(0.002)) p.sale(a, v, new Date(ts.getTime() + 3_600_000), { lead: rng.chance(leadShare) });
    }
  }
}

/** Sales that come back: bought with cards that charge back or refunded once the commission shows. */
export function refundAbuse({ p, rng, honest, leadShare, intensity }: Ctx, a: SyntheticAffiliate) {
  p.honestTraffic(a, honest(0.7), leadShare);
  for (let i = Math.max(2, Math.round(rng.int(4, 15) * intensity)); i > 0; i--) {
    const v = p.visitor();
    const ts = p.at(rng.int(3, 29));
    p.click(a, v, ts);
    const roll = rng.next();
    p.sale(a, v, new Date(ts.getTime() + 900_000), { refund: roll < 0.75, chargeback: roll >= 0.75 && roll < 0.9 });
  }
}

/** One person behind several accounts: the same handful of devices click every account's links. */
export function duplicateAccounts({ p, rng, honest, leadShare, intensity }: Ctx, group: SyntheticAffiliate[]) {
  const devices: Device[] = Array.from({ length: rng.int(4, 15) }, () => p.device());
  for (const a of group) {
    if (rng.chance(0.5)) p.honestTraffic(a, honest(0.2), leadShare);
    const perDay = rng.between(2, 12) * intensity;
    for (let age = Math.min(29, ageOf(p, a)); age >= 0; age--) {
      for (let i = rng.poisson(perDay); i > 0; i--) {
        const d = rng.pick(devices);
        p.click(a, p.visitor({ fingerprint: d.fingerprint, ipHash: rng.chance(0.7) ? `ip_${rng.hex(16)}` : d.ipHash }), p.at(age));
      }
    }
    for (let i = rng.int(0, 4); i > 0; i--) {
      const v = p.visitor(rng.pick(devices));
      const ts = p.at(rng.int(0, 28));
      p.click(a, v, ts);
      p.sale(a, v, new Date(ts.getTime() + 300_000), { lead: rng.chance(0.5) });
    }
  }
}

const ageOf = (p: Program, a: SyntheticAffiliate) => Math.floor((p.now.getTime() - a.createdAt.getTime()) / 86_400_000);
