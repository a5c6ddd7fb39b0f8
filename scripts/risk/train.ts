// Fits the risk model on a synthetic training corpus and writes data/risk-model.json.
//   node --import tsx scripts/risk/train.ts
// Deterministic: the same seed gives the same corpus, the same features and the same weights.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURES } from '@/server/domain/risk/features';
import { scoreFeatures, type RiskModel } from '@/server/domain/risk/model';
import { buildExamples } from './evaluate';
import { FLAG_ONLY, fitLogistic, fitThresholds, ITERATIONS, L2, LEARNING_RATE } from './fit';
import { rocAuc } from './metrics';
import { RATIONALE } from './rationale';

export const TRAIN_SEED = 7;
export const TRAIN_PROGRAMS = 16;
const VERSION = 'logistic-v2';

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

const examples = await buildExamples(TRAIN_SEED, TRAIN_PROGRAMS, console.log);
const { weights, intercept, loss } = fitLogistic(examples);
const thresholds = fitThresholds(examples);

const model: RiskModel & Record<string, unknown> = {
  version: `${VERSION}-seed${TRAIN_SEED}`,
  description:
    'Logistic regression over the risk signals of server/domain/risk: score = round(100 / (1 + exp(-(intercept + Σ weight × feature)))). Trained by scripts/risk/train.ts on a synthetic corpus (scripts/risk/corpus.ts); evaluated on a held-out corpus by scripts/risk/bench.ts. A flag is raised when any of its features reaches its threshold (chosen to maximise F1 on the training corpus at precision >= 0.85).',
  intercept: r4(intercept),
  weights: Object.fromEntries(
    FEATURES.map((f) => {
      const { why, step, unit } = RATIONALE[f];
      const odds = Math.exp(weights[f] * step);
      const effect = FLAG_ONLY.includes(f)
        ? 'Raises its flag only; kept out of the score (weight 0).'
        : weights[f] === 0
          ? 'Fitted weight 0: adds nothing beyond the other signals on this corpus.'
          : `Odds ×${odds.toFixed(2)} per ${unit}.`;
      return [f, { weight: r4(weights[f]), rationale: `${why} ${effect}` }];
    }),
  ) as RiskModel['weights'],
  flag_thresholds: Object.fromEntries(FEATURES.map((f) => [f, r4(thresholds[f])])) as RiskModel['flag_thresholds'],
};
const scores = examples.map((e) => scoreFeatures(e.features, model).probability);
model.trained = {
  corpus_seed: TRAIN_SEED,
  programs: TRAIN_PROGRAMS,
  affiliates: examples.length,
  fraudulent: examples.filter((e) => e.fraud).length,
  iterations: ITERATIONS,
  learning_rate: LEARNING_RATE,
  l2: L2,
  weights_constrained: 'non-negative (each signal can only raise the score)',
  log_loss: r4(loss),
  training_auc: r4(rocAuc(scores, examples.map((e) => e.fraud))),
};

const path = join(process.cwd(), 'data', 'risk-model.json');
writeFileSync(path, `${JSON.stringify(model, null, 2)}\n`);
console.log(`wrote ${path}`);
console.log(JSON.stringify({ intercept: model.intercept, weights: Object.fromEntries(FEATURES.map((f) => [f, model.weights[f].weight])), thresholds: model.flag_thresholds, trained: model.trained }, null, 2));
