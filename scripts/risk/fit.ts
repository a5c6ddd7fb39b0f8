import { FEATURES, FLAG_FEATURES, type Feature } from '@/server/domain/risk/features';
import type { RiskFlag } from '@/server/contracts/risk';
import { countFlag, flagF1, flagPrecision } from './metrics';
import type { Example } from './evaluate';

export const ITERATIONS = 4000;
export const LEARNING_RATE = 0.5;
export const L2 = 0.002;
/**
 * Raw address concentration raises its flag but stays out of the score: honest audiences behind
 * carrier NAT concentrate as much as proxies (the unseen-behaviour benchmark showed 89% of them
 * scored high). It counts in the score through ip_unconverted_share instead.
 */
export const FLAG_ONLY: readonly Feature[] = ['ip_top3_share'];

/**
 * Logistic regression by full-batch gradient descent on standardised features, with weights kept
 * non-negative: every feature measures something suspicious, so a monotone model cannot learn
 * from a quirk of the corpus that more of a fraud signal means less risk. Deterministic: zero
 * start, fixed step, fixed iteration count. Weights are returned on the raw feature scale.
 */
export function fitLogistic(examples: Example[], flagOnly: readonly Feature[] = FLAG_ONLY) {
  const n = examples.length;
  const X = examples.map((e) => FEATURES.map((f) => e.features[f]));
  const y = examples.map((e) => (e.fraud ? 1 : 0));
  const mean = FEATURES.map((_, j) => X.reduce((a, r) => a + r[j], 0) / n);
  const sd = FEATURES.map((_, j) => Math.sqrt(X.reduce((a, r) => a + (r[j] - mean[j]) ** 2, 0) / n) || 1);
  const Z = X.map((r) => r.map((v, j) => (v - mean[j]) / sd[j]));
  const w = FEATURES.map(() => 0);
  let b = 0;
  let loss = 0;
  for (let it = 0; it < ITERATIONS; it++) {
    const grad = FEATURES.map(() => 0);
    let gb = 0;
    loss = 0;
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-(b + Z[i].reduce((a, z, j) => a + w[j] * z, 0))));
      const err = p - y[i];
      for (let j = 0; j < w.length; j++) grad[j] += (err * Z[i][j]) / n;
      gb += err / n;
      loss -= (y[i] ? Math.log(p + 1e-12) : Math.log(1 - p + 1e-12)) / n;
    }
    for (let j = 0; j < w.length; j++) w[j] = flagOnly.includes(FEATURES[j]) ? 0 : Math.max(0, w[j] - LEARNING_RATE * (grad[j] + L2 * w[j]));
    b -= LEARNING_RATE * gb;
  }
  const weights = Object.fromEntries(FEATURES.map((f, j) => [f, w[j] / sd[j]])) as Record<Feature, number>;
  const intercept = b - FEATURES.reduce((a, _, j) => a + (w[j] * mean[j]) / sd[j], 0);
  return { weights, intercept, loss };
}

/**
 * Flag thresholds: for each flag, the feature cut-offs that maximise F1 on the training corpus
 * among those whose precision is at least `minPrecision` (the best F1 overall if none is).
 * Candidates are the values the flag's true positives take.
 */
export function fitThresholds(examples: Example[], minPrecision = 0.85): Record<Feature, number> {
  const out = {} as Record<Feature, number>;
  for (const [flag, features] of Object.entries(FLAG_FEATURES) as [RiskFlag, Feature[]][]) {
    const candidates = features.map((f) => {
      const values = [...new Set(examples.filter((e) => e.expected.has(flag)).map((e) => e.features[f]).filter((v) => v > 0))].sort((a, b) => a - b);
      // a coarser grid when three features share a flag (40 x 40 pairs, 15 x 15 x 15 triples)
      const step = Math.max(1, Math.floor(values.length / (features.length > 2 ? 15 : 40)));
      return [...values.filter((_, i) => i % step === 0), Infinity];
    });
    let best = { score: -1, ok: false, cut: features.map(() => Infinity) };
    const grid = candidates.reduce<number[][]>((acc, values) => acc.flatMap((cut) => values.map((v) => [...cut, v])), [[]]);
    for (const cut of grid) {
      const c = countFlag(examples, (e) => features.some((f, j) => e.features[f] > 0 && e.features[f] >= cut[j]), flag);
      const ok = flagPrecision(c) >= minPrecision;
      const score = flagF1(c);
      if ((ok && !best.ok) || (ok === best.ok && score > best.score)) best = { score, ok, cut };
    }
    features.forEach((f, j) => (out[f] = best.cut[j] === Infinity ? honestQuantile(examples, f, 0.995) : best.cut[j]));
  }
  return out;
}

/**
 * A feature no pattern of the corpus plants (e.g. a conversion rate far above the workspace) still
 * flags, at the level only 0.5% of honest affiliates reach.
 */
function honestQuantile(examples: Example[], f: Feature, q: number) {
  const values = examples.filter((e) => !e.fraud).map((e) => e.features[f]).sort((a, b) => a - b);
  return Math.max(values[Math.min(values.length - 1, Math.floor(q * values.length))], 1e-6);
}
