import { z } from 'zod';
import modelFile from '@/data/risk-model.json';
import type { RecommendedAction, RiskFlag, RiskLevel, RiskSignals } from '../../contracts/risk';
import { FEATURES, FLAG_EVIDENCE, FLAG_FEATURES, type Feature, type FeatureVector } from './features';
import { round } from './robust';

// The logistic model is data (data/risk-model.json, written by scripts/risk/train.ts): weights,
// intercept and flag thresholds are read from there, each weight with its rationale.
const perFeature = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(FEATURES.map((f) => [f, value])) as Record<Feature, T>);

export const riskModelSchema = z.object({
  version: z.string(),
  intercept: z.number(),
  weights: perFeature(z.object({ weight: z.number(), rationale: z.string() })),
  flag_thresholds: perFeature(z.number()),
});
export type RiskModel = z.infer<typeof riskModelSchema>;

export const riskModel: RiskModel = riskModelSchema.parse(modelFile);

export function scoreFeatures(x: FeatureVector, model: RiskModel = riskModel) {
  const contributions = Object.fromEntries(FEATURES.map((f) => [f, round(model.weights[f].weight * x[f], 3)])) as FeatureVector;
  const logOdds = model.intercept + FEATURES.reduce((acc, f) => acc + model.weights[f].weight * x[f], 0);
  const probability = 1 / (1 + Math.exp(-logOdds));
  return { score: Math.round(100 * probability), probability, contributions };
}

export function levelOf(score: number): RiskLevel {
  if (score >= 75) return 'critical';
  if (score >= 50) return 'high';
  if (score >= 25) return 'medium';
  return 'low';
}

/** The flags up: a feature at its threshold, and the affiliate's own evidence where the flag needs it (FLAG_EVIDENCE). */
export function flagsOf(x: FeatureVector, signals: RiskSignals, model: RiskModel = riskModel): RiskFlag[] {
  return (Object.keys(FLAG_FEATURES) as RiskFlag[]).filter(
    (flag) => FLAG_FEATURES[flag].some((f) => x[f] > 0 && x[f] >= model.flag_thresholds[f]) && (FLAG_EVIDENCE[flag]?.(signals) ?? true),
  );
}

// Money at risk decides between reviewing and holding: self-referral and refund abuse pay out on
// sales that are not real, so a high score with either holds commissions until a person looks.
// Suspension is only ever recommended, for a critical score backed by three independent signals.
const MONEY_FLAGS: RiskFlag[] = ['self_referral', 'high_refund_rate'];

export function actionFor(level: RiskLevel, flags: RiskFlag[]): RecommendedAction {
  const behavioural = flags.filter((f) => f !== 'disposable_email');
  if (level === 'critical') return behavioural.length >= 3 ? 'suspend' : 'hold_commissions';
  if (level === 'high') return flags.some((f) => MONEY_FLAGS.includes(f)) ? 'hold_commissions' : 'review';
  if (level === 'medium') return 'monitor';
  return 'none';
}
