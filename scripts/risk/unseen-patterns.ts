import type { RiskFlag } from '@/server/contracts/risk';
import type { Rng } from './rng';
import type { HonestProfile, Program, SyntheticAffiliate, Visitor } from './traffic';

// Behaviours the model never saw in training (fraud-patterns.ts is all it was fitted on): other
// kinds of fraud, fraud subtler than training's weakest intensity, fraud that keeps its velocity
// inside honest bounds, and honest affiliates that look like fraud (heavy shared NAT, big
// newcomers, niche converters, coupon sites). The evaluation corpus (unseen-corpus.ts) is made of
// these only, so a model cannot score well here by having learnt its own generator.

export const UNSEEN_FRAUD = ['steady_farm', 'ramp_farm', 'lead_stuffing', 'quiet_self_referral', 'partial_refund_ring', 'proxy_accounts'] as const;
export const HARD_HONEST = ['nat_heavy', 'big_newcomer', 'niche_converter', 'coupon_site'] as const;
export type UnseenFraud = (typeof UNSEEN_FRAUD)[number];
export type HardHonest = (typeof HARD_HONEST)[number];

/** The flags each behaviour must raise (recall) and may raise (not a false positive). */
export const UNSEEN_EXPECTED: Record<UnseenFraud, { signature: RiskFlag[]; plausible: RiskFlag[] }> = {
  steady_farm: { signature: ['conversion_rate_anomaly'], plausible: ['velocity_anomaly', 'ip_concentration', 'duplicate_fingerprint'] },
  ramp_farm: { signature: ['velocity_anomaly', 'conversion_rate_anomaly'], plausible: ['ip_concentration', 'duplicate_fingerprint'] },
  lead_stuffing: { signature: ['conversion_rate_anomaly'], plausible: ['velocity_anomaly'] },
  quiet_self_referral: { signature: ['self_referral'], plausible: ['conversion_rate_anomaly', 'ip_concentration'] },
  partial_refund_ring: { signature: ['high_refund_rate'], plausible: ['conversion_rate_anomaly'] },
  proxy_accounts: { signature: ['ip_concentration'], plausible: ['duplicate_fingerprint', 'self_referral', 'velocity_anomaly', 'conversion_rate_anomaly'] },
};

export type Ctx = { p: Program; rng: Rng; honest: (scale: number) => HonestProfile; leadShare: number; medianClicks: number };

const residential = (ctx: Ctx, n: number) => Array.from({ length: n }, () => `ip_${ctx.rng.hex(16)}`);

/** A farm that never bursts: 2-6x the median volume every day for five weeks, from a large residential proxy pool, no sales. */
function steadyFarm(ctx: Ctx, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  const ips = residential(ctx, rng.int(150, 600));
  const perDay = ctx.medianClicks * rng.between(2, 6);
  for (let age = 34; age >= 0; age--) for (let i = rng.poisson(perDay); i > 0; i--) p.click(a, p.visitor({ fingerprint: `fp_${rng.hex(16)}`, ipHash: rng.pick(ips) }), p.at(age));
}

/** Grows like a successful affiliate, 1.06-1.1x a day, to 5-15x the median; converts at a tenth of the workspace. */
function rampFarm(ctx: Ctx, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  const ips = residential(ctx, rng.int(40, 200));
  const growth = rng.between(1.06, 1.1);
  const top = ctx.medianClicks * rng.between(5, 15);
  for (let age = 34; age >= 0; age--) {
    for (let i = rng.poisson(top / growth ** age); i > 0; i--) {
      const v = p.visitor({ fingerprint: `fp_${rng.hex(16)}`, ipHash: rng.pick(ips) });
      const ts = p.at(age);
      p.click(a, v, ts);
      if (rng.chance(0.003)) p.sale(a, v, new Date(ts.getTime() + 600_000));
    }
  }
}

/** Pays people to sign up: ordinary click volume, a third to a half of visitors become leads. */
function leadStuffing(ctx: Ctx, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  const share = rng.between(0.2, 0.5);
  for (let age = 30; age >= 0; age--) {
    for (let i = rng.poisson(ctx.medianClicks * rng.between(0.6, 1.4)); i > 0; i--) {
      const v = p.visitor();
      const ts = p.at(age);
      p.click(a, v, ts);
      if (rng.chance(share)) p.sale(a, v, new Date(ts.getTime() + 120_000), { lead: true });
    }
  }
}

/** One to three own purchases among honest traffic, from its own device, rarely naming itself. */
function quietSelfReferral(ctx: Ctx, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  p.honestTraffic(a, ctx.honest(1), ctx.leadShare);
  const own: Visitor = p.visitor();
  for (let i = rng.int(5, 10); i > 0; i--) p.click(a, own, p.at(rng.int(0, 29)));
  for (let i = rng.int(1, 3); i > 0; i--) {
    const ts = p.at(rng.int(0, 28));
    p.click(a, own, ts);
    p.sale(a, own, new Date(ts.getTime() + 300_000), { customerId: rng.chance(0.15) ? a.email : undefined });
  }
}

/** Sales of which 30-50% are refunded later (never charged back), among honest traffic. */
function partialRefundRing(ctx: Ctx, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  p.honestTraffic(a, { ...ctx.honest(1), refundRate: rng.between(0.3, 0.5) }, 0);
  for (let i = rng.int(3, 8); i > 0; i--) {
    const v = p.visitor();
    const ts = p.at(rng.int(3, 29));
    p.click(a, v, ts);
    p.sale(a, v, new Date(ts.getTime() + 900_000), { refund: rng.chance(0.4) });
  }
}

/** Two or three accounts clicked through the same few proxies with a fresh browser profile each time. */
function proxyAccounts(ctx: Ctx, group: SyntheticAffiliate[]) {
  const { p, rng } = ctx;
  const ips = residential(ctx, rng.int(2, 5));
  for (const a of group) {
    for (let age = 25; age >= 0; age--) {
      for (let i = rng.poisson(rng.between(2, 8)); i > 0; i--) p.click(a, p.visitor({ fingerprint: `fp_${rng.hex(16)}`, ipHash: rng.pick(ips) }), p.at(age));
    }
    for (let i = rng.int(0, 3); i > 0; i--) p.sale(a, p.visitor({ fingerprint: `fp_${rng.hex(16)}`, ipHash: rng.pick(ips) }), p.at(rng.int(0, 20)));
  }
}

export const UNSEEN_FRAUD_WRITERS: Record<Exclude<UnseenFraud, 'proxy_accounts'>, (ctx: Ctx, a: SyntheticAffiliate) => void> = {
  steady_farm: steadyFarm,
  ramp_farm: rampFarm,
  lead_stuffing: leadStuffing,
  quiet_self_referral: quietSelfReferral,
  partial_refund_ring: partialRefundRing,
};
export { proxyAccounts };

/** Honest affiliates that resemble fraud; each is an honest profile with one twist. */
export function hardHonest(ctx: Ctx, kind: HardHonest, a: SyntheticAffiliate) {
  const { p, rng } = ctx;
  const profile = ctx.honest(1);
  if (kind === 'nat_heavy') {
    // A mobile or campus audience: 40-80% of visitors reach the shop through 2-4 carrier addresses.
    const gateways = residential(ctx, rng.int(2, 4));
    const share = rng.between(0.4, 0.8);
    const before = p.clickRows.length;
    p.honestTraffic(a, profile, ctx.leadShare);
    for (const row of p.clickRows.slice(before)) if (rng.chance(share)) row.ipHash = rng.pick(gateways);
  } else if (kind === 'big_newcomer') {
    // Joined days ago with an established audience elsewhere: 5-15x the median from day one.
    p.honestTraffic(a, { ...profile, dailyClicks: ctx.medianClicks * rng.between(5, 15) }, ctx.leadShare);
  } else if (kind === 'niche_converter') {
    p.honestTraffic(a, { ...profile, conversionRate: Math.min(0.3, profile.conversionRate * rng.between(3, 5)) }, ctx.leadShare);
  } else {
    // A coupon site: most visitors are the shop's regulars, who also read other affiliates.
    p.honestTraffic(a, { ...profile, dailyClicks: profile.dailyClicks * 2, sharedAudience: { pool: p.shoppers, share: rng.between(0.4, 0.7) } }, ctx.leadShare);
  }
}
