import type { RiskFlag } from '@/server/contracts/risk';
import { FLAG_FEATURES } from '@/server/domain/risk/features';
import { flagsOf, scoreFeatures } from '@/server/domain/risk/model';
import modelFile from '@/data/risk-model.json';
import { buildExamples } from './evaluate';
import { countFlag, pct, recall, rocAuc } from './metrics';
import { atPrevalence, calibration, priorShift } from './prevalence';
import { writeUnseenCorpus } from './unseen-corpus';
import { HARD_HONEST, UNSEEN_EXPECTED, UNSEEN_FRAUD, type UnseenFraud } from './unseen-patterns';

export const PREVALENCES = [0.01, 0.02, 0.05];
const LEVELS = [['medium+', 25], ['high+', 50], ['critical', 75]] as const;

/**
 * The model on behaviours it never saw in training (unseen-patterns.ts), at realistic prevalence:
 * precision and recall per level, the review load, per-behaviour detection, honest look-alikes'
 * false positives, and how well `score` reads as a probability.
 */
export async function benchUnseen(seed: number, programs: number, log: (s: string) => void) {
  const examples = await buildExamples(seed, programs, log, { write: writeUnseenCorpus, expected: (p) => UNSEEN_EXPECTED[p as UnseenFraud] });
  const scored = examples.map((e) => ({ ...e, ...scoreFeatures(e.features), flags: new Set<RiskFlag>(flagsOf(e.features, e.signals)) }));
  const fraud = scored.filter((e) => e.fraud).length;
  const hard = scored.filter((e) => e.variant && e.variant !== 'plain').length;
  log(`\n== unseen behaviours, corpus seed ${seed}: ${scored.length} affiliates, ${fraud} fraudulent (${UNSEEN_FRAUD.length} kinds), ${scored.length - fraud} honest (${hard} look-alikes)`);
  const auc = rocAuc(scored.map((e) => e.probability), scored.map((e) => e.fraud));
  log(`ROC AUC of the score: ${auc.toFixed(4)}\n`);

  log('prevalence  level     score>=  precision  recall    FPR  flagged per 1000 affiliates');
  for (const prevalence of PREVALENCES) {
    for (const [level, min] of LEVELS) {
      const m = atPrevalence(scored, prevalence, min);
      log(`${pct(prevalence).padStart(9)}   ${level.padEnd(9)} ${String(min).padStart(5)}     ${pct(m.precision)}   ${pct(m.recall)} ${pct(m.fpr)}  ${(1000 * m.flagged).toFixed(1).padStart(6)}`);
    }
  }

  log('\nper behaviour (never in training): share at high+ / medium+, median score');
  for (const pattern of UNSEEN_FRAUD) {
    const g = scored.filter((e) => e.pattern === pattern);
    const s = g.map((e) => e.score).sort((a, b) => a - b);
    log(`  ${pattern.padEnd(22)} n ${String(g.length).padStart(3)}  high+ ${pct(g.filter((e) => e.score >= 50).length / g.length)}  medium+ ${pct(g.filter((e) => e.score >= 25).length / g.length)}  median ${s[s.length >> 1]}`);
  }
  log('honest look-alikes: false-positive rate at high+ / medium+');
  for (const variant of ['plain', ...HARD_HONEST] as const) {
    const g = scored.filter((e) => e.variant === variant);
    log(`  ${variant.padEnd(22)} n ${String(g.length).padStart(3)}  high+ ${pct(g.filter((e) => e.score >= 50).length / g.length)}  medium+ ${pct(g.filter((e) => e.score >= 25).length / g.length)}`);
  }
  log('per flag: recall over the behaviours that must raise it, false positives on honest affiliates');
  for (const flag of Object.keys(FLAG_FEATURES) as RiskFlag[]) {
    const c = countFlag(scored, (e) => e.flags.has(flag), flag);
    log(`  ${flag.padEnd(24)} recall ${pct(recall(c))}  (tp ${c.tp}, fn ${c.fn}, fp ${c.fp})`);
  }

  const trainedAt = modelFile.trained.fraudulent / modelFile.trained.affiliates;
  log(`\ncalibration of score/100 (fitted where ${pct(trainedAt).trim()} of affiliates were fraudulent): mean predicted vs observed fraud share per bin`);
  for (const prevalence of PREVALENCES) {
    for (const [label, fn] of [
      ['as is', (x: { probability: number }) => x.probability],
      ['prior-shifted', (x: { probability: number }) => priorShift(x.probability, trainedAt, prevalence)],
    ] as const) {
      const c = calibration(scored, prevalence, fn);
      const bins = c.bins.map((b) => `[${b.lo.toFixed(2)},${Math.min(1, b.hi).toFixed(2)}) ${b.mass ? `${pct(b.predicted).trim()}/${pct(b.observed).trim()}` : '-'}`).join('  ');
      log(`  ${pct(prevalence)} ${label.padEnd(13)} ECE ${pct(c.ece)}  Brier ${c.brier.toFixed(4)}  ${bins}`);
    }
  }
  log('if the levels were calibrated posteriors: the score a 50% posterior needs at each prevalence, and what it catches');
  for (const prevalence of PREVALENCES) {
    const cut = Math.ceil(100 * priorShift(0.5, prevalence, trainedAt));
    const m = atPrevalence(scored, prevalence, cut);
    log(`  ${pct(prevalence)}  score >= ${cut}: precision ${pct(m.precision)}  recall ${pct(m.recall)}  flagged per 1000 ${(1000 * m.flagged).toFixed(1)}`);
  }
  return { auc, scored };
}
