// Measures at a chosen prevalence. A corpus holds more fraud than a real program (so that each
// behaviour has examples); reweighting the two classes to `prevalence` gives the precision, the
// review load and the calibration a program with that share of fraudulent affiliates would see.
// Recall and the false-positive rate do not depend on prevalence; precision does, strongly.

export type Scored = { fraud: boolean; score: number; probability: number };

function classWeights(xs: Scored[], prevalence: number) {
  const fraud = xs.filter((x) => x.fraud).length;
  return { fraud: prevalence / fraud, honest: (1 - prevalence) / (xs.length - fraud) };
}

/** Precision, recall, false-positive rate and flagged share of `score >= minScore` at `prevalence`. */
export function atPrevalence(xs: Scored[], prevalence: number, minScore: number) {
  const fraud = xs.filter((x) => x.fraud);
  const honest = xs.filter((x) => !x.fraud);
  const recall = fraud.filter((x) => x.score >= minScore).length / fraud.length;
  const fpr = honest.filter((x) => x.score >= minScore).length / honest.length;
  const flagged = prevalence * recall + (1 - prevalence) * fpr;
  return { recall, fpr, flagged, precision: flagged ? (prevalence * recall) / flagged : NaN };
}

/** A model fitted at prior `trainedAt` gives posteriors for prior `prevalence` by shifting its log-odds. */
export function priorShift(probability: number, trainedAt: number, prevalence: number): number {
  const logit = (p: number) => Math.log(p / (1 - p));
  const p = Math.min(1 - 1e-9, Math.max(1e-9, probability));
  return 1 / (1 + Math.exp(-(logit(p) + logit(prevalence) - logit(trainedAt))));
}

export const CALIBRATION_BINS = [0, 0.05, 0.25, 0.5, 0.75, 1.000001];

/**
 * Reliability of a probability at `prevalence`: per bin, the weighted mean prediction against the
 * weighted share of fraud in it; ECE is their gap weighted by the bin's mass; Brier the mean
 * squared error.
 */
export function calibration(xs: Scored[], prevalence: number, probabilityOf: (x: Scored) => number = (x) => x.probability) {
  const w = classWeights(xs, prevalence);
  const bins = CALIBRATION_BINS.slice(1).map((hi, i) => ({ lo: CALIBRATION_BINS[i], hi, mass: 0, predicted: 0, observed: 0 }));
  let brier = 0;
  for (const x of xs) {
    const p = probabilityOf(x);
    const weight = x.fraud ? w.fraud : w.honest;
    const b = bins.find((bin) => p >= bin.lo && p < bin.hi)!;
    b.mass += weight;
    b.predicted += weight * p;
    b.observed += x.fraud ? weight : 0;
    brier += weight * (p - (x.fraud ? 1 : 0)) ** 2;
  }
  for (const b of bins) if (b.mass) [b.predicted, b.observed] = [b.predicted / b.mass, b.observed / b.mass];
  const ece = bins.reduce((a, b) => a + b.mass * Math.abs(b.predicted - b.observed), 0);
  return { bins, ece, brier };
}
