import type { RiskFlag, RiskSignals } from '../../contracts/risk';
import { clamp } from './robust';

// The model's inputs, each a number on a bounded scale so no single signal can run away with the
// score: shares are 0..1, robust z-scores are clipped, yes/no is 0/1.
export const FEATURES = [
  'self_customer',
  'self_device_share',
  'velocity_own_z',
  'velocity_workspace_z',
  'ip_top3_share',
  'shared_fingerprint_share',
  'refund_rate',
  'conversion_rate_low_z',
  'conversion_rate_high_z',
  'disposable_email',
  'ip_unconverted_share',
  'unconverted_volume_z',
] as const;
export type Feature = (typeof FEATURES)[number];
export type FeatureVector = Record<Feature, number>;

export function toFeatures(s: RiskSignals): FeatureVector {
  const rateZ = s.conversion_rate.z ?? 0;
  // 0 at or above the workspace's conversion rate, 1 from two robust z below: traffic that does not
  // buy. Concentrated addresses and high volume are ordinary in honest traffic (carrier NAT, a big
  // audience) that buys; only together with not buying do they point at bots.
  const unconverted = clamp(-rateZ / 2, 0, 1);
  const workspaceZ = clamp(s.velocity.workspace_z ?? 0, 0, 10);
  return {
    self_customer: Math.min(s.self_referral.customer_matches, 3) / 3,
    self_device_share: s.self_referral.device_share,
    velocity_own_z: clamp(s.velocity.own_z ?? 0, 0, 20),
    velocity_workspace_z: workspaceZ,
    ip_top3_share: s.ip_concentration.share,
    shared_fingerprint_share: s.duplicate_fingerprint.share,
    refund_rate: s.refunds.smoothed_rate,
    conversion_rate_low_z: clamp(-rateZ, 0, 10),
    conversion_rate_high_z: clamp(rateZ, 0, 10),
    disposable_email: s.disposable_email.disposable ? 1 : 0,
    ip_unconverted_share: s.ip_concentration.share * unconverted,
    unconverted_volume_z: workspaceZ * unconverted,
  };
}

/** Sales an affiliate needs before its refund rate can raise a flag: below it, the smoothed rate is mostly the workspace's. */
export const MIN_REFUND_SALES = 3;

/**
 * What a flag needs besides its threshold: evidence of the affiliate's own. An affiliate without
 * sales has a smoothed refund rate (it scores), but nothing was refunded: no "high refund rate".
 */
export const FLAG_EVIDENCE: Partial<Record<RiskFlag, (s: RiskSignals) => boolean>> = {
  high_refund_rate: (s) => s.refunds.sales >= MIN_REFUND_SALES && s.refunds.refunded + s.refunds.chargebacks > 0,
};

/** Which features raise which flag: a flag is up when any of its features reaches its threshold. */
export const FLAG_FEATURES: Record<RiskFlag, Feature[]> = {
  self_referral: ['self_customer', 'self_device_share'],
  velocity_anomaly: ['velocity_own_z', 'velocity_workspace_z', 'unconverted_volume_z'],
  duplicate_fingerprint: ['shared_fingerprint_share'],
  ip_concentration: ['ip_top3_share', 'ip_unconverted_share'],
  high_refund_rate: ['refund_rate'],
  conversion_rate_anomaly: ['conversion_rate_low_z', 'conversion_rate_high_z'],
  disposable_email: ['disposable_email'],
};
