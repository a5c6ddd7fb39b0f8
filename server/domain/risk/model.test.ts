import { describe, expect, it } from 'vitest';
import { domainOf, isDisposableDomain } from './disposable-domains';
import type { RiskSignals } from '../../contracts/risk';
import { FEATURES, MIN_REFUND_SALES, toFeatures, type FeatureVector } from './features';
import { actionFor, flagsOf, levelOf, riskModel, scoreFeatures } from './model';
import { median, robustZ, scaledMad } from './robust';

const zero = Object.fromEntries(FEATURES.map((f) => [f, 0])) as FeatureVector;
// Signals with enough sales, some refunded: every flag may rise on its feature alone.
const sampled = { refunds: { sales: MIN_REFUND_SALES, refunded: 2, chargebacks: 0 } } as unknown as RiskSignals;

describe('the committed model (data/risk-model.json)', () => {
  it('has a weight with a rationale for every feature and no negative weight', () => {
    for (const f of FEATURES) {
      expect(riskModel.weights[f].weight).toBeGreaterThanOrEqual(0);
      expect(riskModel.weights[f].rationale.length).toBeGreaterThan(40);
    }
  });

  it('scores 0..100 and never lowers the score when a signal grows', () => {
    const quiet = scoreFeatures(zero).score;
    expect(quiet).toBeLessThan(25);
    for (const f of FEATURES) {
      const more = scoreFeatures({ ...zero, [f]: 1 }).score;
      expect(more).toBeGreaterThanOrEqual(quiet);
      expect(more).toBeLessThanOrEqual(100);
    }
    expect(scoreFeatures({ ...zero, self_customer: 1, refund_rate: 0.9, ip_top3_share: 0.8 }).score).toBeGreaterThanOrEqual(75);
  });

  it('raises a flag only at its threshold', () => {
    expect(flagsOf(zero, sampled)).toEqual([]);
    const t = riskModel.flag_thresholds.refund_rate;
    expect(flagsOf({ ...zero, refund_rate: t }, sampled)).toEqual(['high_refund_rate']);
    expect(flagsOf({ ...zero, refund_rate: t * 0.99 }, sampled)).toEqual([]);
    expect(flagsOf({ ...zero, disposable_email: 1 }, sampled)).toEqual(['disposable_email']);
  });

  it('never flags a high refund rate without sales of its own to refund, however high the workspace rate', () => {
    const t = riskModel.flag_thresholds.refund_rate;
    const refunds = (sales: number, refunded: number) => ({ refunds: { sales, refunded, chargebacks: 0 } }) as unknown as RiskSignals;
    expect(flagsOf({ ...zero, refund_rate: 0.5 }, refunds(0, 0))).toEqual([]);
    expect(flagsOf({ ...zero, refund_rate: t }, refunds(MIN_REFUND_SALES - 1, MIN_REFUND_SALES - 1))).toEqual([]);
    expect(flagsOf({ ...zero, refund_rate: t }, refunds(MIN_REFUND_SALES, 0))).toEqual([]);
    expect(flagsOf({ ...zero, refund_rate: t }, refunds(MIN_REFUND_SALES, 3))).toEqual(['high_refund_rate']);
  });
});

describe('concentration and volume count when the traffic does not buy', () => {
  // Only what toFeatures reads; the rest of RiskSignals plays no part here.
  const signals = (o: { ipShare?: number; workspaceZ?: number; rateZ?: number | null }) =>
    ({
      self_referral: { customer_matches: 0, device_share: 0 },
      velocity: { own_z: 0, workspace_z: o.workspaceZ ?? 0 },
      ip_concentration: { share: o.ipShare ?? 0 },
      duplicate_fingerprint: { share: 0 },
      refunds: { smoothed_rate: 0 },
      conversion_rate: { z: o.rateZ ?? null },
      disposable_email: { disposable: false },
    }) as unknown as RiskSignals;

  it('an audience behind carrier NAT that buys like the workspace scores as low as one that does not concentrate', () => {
    const nat = toFeatures(signals({ ipShare: 0.7, rateZ: 0 }));
    expect(nat).toMatchObject({ ip_top3_share: 0.7, ip_unconverted_share: 0 });
    expect(scoreFeatures(nat).score).toBe(scoreFeatures(zero).score);
    expect(flagsOf(nat, sampled)).toContain('ip_concentration'); // still shown as evidence
  });

  it('the same concentration without sales raises the score, in proportion to how little it buys', () => {
    const half = toFeatures(signals({ ipShare: 0.7, rateZ: -1 }));
    const none = toFeatures(signals({ ipShare: 0.7, rateZ: -4 }));
    expect([half.ip_unconverted_share, none.ip_unconverted_share]).toEqual([0.35, 0.7]);
    expect(scoreFeatures(none).score).toBeGreaterThan(scoreFeatures(half).score);
    expect(levelOf(scoreFeatures(none).score)).not.toBe('low');
  });

  it('high volume flags velocity sooner when it does not buy', () => {
    const z = riskModel.flag_thresholds.velocity_workspace_z * 0.9;
    expect(flagsOf(toFeatures(signals({ workspaceZ: z, rateZ: 1 })), sampled)).not.toContain('velocity_anomaly');
    expect(flagsOf(toFeatures(signals({ workspaceZ: z, rateZ: -4 })), sampled)).toContain('velocity_anomaly');
  });
});

describe('levels and actions', () => {
  it.each([
    [0, 'low'],
    [24, 'low'],
    [25, 'medium'],
    [49, 'medium'],
    [50, 'high'],
    [74, 'high'],
    [75, 'critical'],
    [100, 'critical'],
  ] as const)('score %i is %s', (score, level) => expect(levelOf(score)).toBe(level));

  it('recommends, and holds money only when money is at risk', () => {
    expect(actionFor('low', ['disposable_email'])).toBe('none');
    expect(actionFor('medium', [])).toBe('monitor');
    expect(actionFor('high', ['velocity_anomaly'])).toBe('review');
    expect(actionFor('high', ['high_refund_rate'])).toBe('hold_commissions');
    expect(actionFor('critical', ['velocity_anomaly', 'disposable_email'])).toBe('hold_commissions');
    expect(actionFor('critical', ['velocity_anomaly', 'ip_concentration', 'conversion_rate_anomaly'])).toBe('suspend');
  });
});

describe('robust statistics', () => {
  it('ignores outliers that would drag a mean', () => {
    expect(median([1, 2, 3, 4, 1000])).toBe(3);
    expect(scaledMad([1, 2, 3, 4, 1000])).toBeCloseTo(1.4826);
    expect(robustZ(10, [1, 2, 3, 4, 1000], 0.1)).toBeCloseTo(7 / 1.4826);
    expect(robustZ(5, [2, 2, 2, 2], 1)).toBe(3);
    expect(robustZ(5, [], 1)).toBeNull();
  });
});

describe('disposable e-mail domains (npm list)', () => {
  it('matches listed domains and subdomains of wildcard entries, not ordinary mailboxes', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('anything.33mail.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(domainOf('Jo@Mailinator.COM')).toBe('mailinator.com');
    expect(domainOf(null)).toBeNull();
  });
});
