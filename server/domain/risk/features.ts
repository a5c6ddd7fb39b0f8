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
] as const;
export type Feature = (typeof FEATURES)[number];
export type FeatureVector = Record<Feature, number>;

export function toFeatures(s: RiskSignals): FeatureVector {
  const rateZ = s.conversion_rate.z ?? 0;
  return {
    self_customer: Math.min(s.self_referral.customer_matches, 3) / 3,
    self_device_share: s.self_referral.device_share,
    velocity_own_z: clamp(s.velocity.own_z ?? 0, 0, 20),
    velocity_workspace_z: clamp(s.velocity.workspace_z ?? 0, 0, 10),
    ip_top3_share: s.ip_concentration.share,
    shared_fingerprint_share: s.duplicate_fingerprint.share,
    refund_rate: s.refunds.smoothed_rate,
    conversion_rate_low_z: clamp(-rateZ, 0, 10),
    conversion_rate_high_z: clamp(rateZ, 0, 10),
    disposable_email: s.disposable_email.disposable ? 1 : 0,
  };
}

/** Which features raise which flag: a flag is up when any of its features reaches its threshold. */
export const FLAG_FEATURES: Record<RiskFlag, Feature[]> = {
  self_referral: ['self_customer', 'self_device_share'],
  velocity_anomaly: ['velocity_own_z', 'velocity_workspace_z'],
  duplicate_fingerprint: ['shared_fingerprint_share'],
  ip_concentration: ['ip_top3_share'],
  high_refund_rate: ['refund_rate'],
  conversion_rate_anomaly: ['conversion_rate_low_z', 'conversion_rate_high_z'],
  disposable_email: ['disposable_email'],
};
