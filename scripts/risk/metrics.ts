// Plain evaluation measures, written out so the benchmark depends on nothing but the corpus.

/** ROC AUC as the probability that a random positive outscores a random negative (ties count half). */
export function rocAuc(scores: number[], positive: boolean[]): number {
  const idx = scores.map((s, i) => i).sort((a, b) => scores[a] - scores[b]);
  let rankSum = 0;
  let pos = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]] === scores[idx[i]]) j++;
    const midRank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) {
      if (!positive[idx[k]]) continue;
      rankSum += midRank;
      pos++;
    }
    i = j + 1;
  }
  const neg = idx.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : NaN;
}

export type Counts = { tp: number; fp: number; fn: number };
export const precision = (c: Counts) => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : NaN);
export const recall = (c: Counts) => (c.tp + c.fn ? c.tp / (c.tp + c.fn) : NaN);
export const f1 = (c: Counts) => {
  const p = precision(c);
  const r = recall(c);
  return p + r ? (2 * p * r) / (p + r) : 0;
};
export const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : `${(100 * x).toFixed(1).padStart(5)}%`);

/**
 * Per-flag counts: a hit on an affiliate that should raise the flag is a true positive; a hit the
 * affiliate's pattern makes plausible is neither (it counts for precision, not for recall); any
 * other hit is a false positive.
 */
export type FlagCounts = Counts & { plausible: number };
export const flagPrecision = (c: FlagCounts) => (c.tp + c.plausible + c.fp ? (c.tp + c.plausible) / (c.tp + c.plausible + c.fp) : NaN);

export function countFlag<T extends { expected: Set<string>; allowed: Set<string> }>(examples: T[], fired: (e: T) => boolean, flag: string): FlagCounts {
  const c: FlagCounts = { tp: 0, fp: 0, fn: 0, plausible: 0 };
  for (const e of examples) {
    const hit = fired(e);
    if (e.expected.has(flag)) c[hit ? 'tp' : 'fn']++;
    else if (hit) c[e.allowed.has(flag) ? 'plausible' : 'fp']++;
  }
  return c;
}

export const flagF1 = (c: FlagCounts) => {
  const p = flagPrecision(c);
  const r = recall(c);
  return p + r ? (2 * p * r) / (p + r) : 0;
};
