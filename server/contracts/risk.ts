import { z } from 'zod';
import type { affiliates, riskAssessments } from '@/db/schema';
import { iso, isoOrNull, text, timestamp, uuid } from './common';
import { RECOMMENDED_ACTIONS, RISK_FLAGS, RISK_LEVELS } from '../model/enums';

export const riskLevel = z.enum(RISK_LEVELS);
export const recommendedAction = z.enum(RECOMMENDED_ACTIONS);
export const riskFlag = z.enum(RISK_FLAGS);
export type RiskLevel = z.infer<typeof riskLevel>;
export type RecommendedAction = z.infer<typeof recommendedAction>;
export type RiskFlag = z.infer<typeof riskFlag>;

const count = z.number().int();
const share = z.number().describe('0..1');
const zScore = z.number().nullable().describe('robust z-score (median/MAD); null when there is no baseline');

// What the signals measured, in numbers: the model's inputs and the summary's only source.
export const riskSignals = z.object({
  window: z.object({ from: timestamp, to: timestamp, days: count, recent_days: count }),
  activity: z.object({ clicks: count, conversions: count, sales: count }),
  self_referral: z.object({
    customer_matches: count.describe("conversions whose customer_id is the affiliate's e-mail, id or ref code"),
    device_conversions: count.describe("conversions whose visitor's device is on a large share of the affiliate's clicks"),
    conversions_with_visitor: count,
    device_share: share,
  }),
  velocity: z.object({
    recent_daily_clicks: z.number(),
    baseline_daily_median: z.number().nullable(),
    own_z: zScore,
    workspace_daily_median: z.number().nullable(),
    workspace_z: zScore,
  }),
  duplicate_fingerprint: z.object({
    fingerprints: count,
    clicks_with_fingerprint: count,
    top_partner_ref_code: text(64).nullable().describe('the other affiliate sharing the most clicks by fingerprint'),
    shared_with_top_partner: count.describe('fingerprints seen on both'),
    clicks_shared_with_top_partner: count.describe("this affiliate's clicks carrying those fingerprints"),
    partners: count.describe('other affiliates whose clicks carry at least one of these fingerprints'),
    share: share.describe('clicks shared with the top partner over clicks with a fingerprint (at least 20)'),
  }),
  ip_concentration: z.object({
    clicks_with_ip: count,
    top3_clicks: count.describe('clicks from the three busiest address hashes'),
    distinct_ips: count,
    share: share.describe('repeat clicks (beyond one per address) from those three, over all clicks (at least 20)'),
  }),
  refunds: z.object({
    sales: count,
    refunded: count,
    chargebacks: count,
    rate: share.nullable(),
    smoothed_rate: share,
    workspace_rate: share,
  }),
  conversion_rate: z.object({ rate: share.nullable(), workspace_median: share.nullable(), z: zScore }),
  disposable_email: z.object({ domain: text(254).nullable(), disposable: z.boolean() }),
});
export type RiskSignals = z.infer<typeof riskSignals>;

export const riskEvidence = riskSignals.extend({
  features: z.record(text(64), z.number()).describe("the model's inputs"),
  contributions: z.record(text(64), z.number()).describe('weight × feature, in log-odds'),
  model_version: text(64),
  summary_by: z.enum(['rules', 'llm']),
});
export type RiskEvidence = z.infer<typeof riskEvidence>;

export const riskAssessmentRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    risk_level: riskLevel,
    score: z.number().int().describe('0..100, higher is riskier'),
    summary: text(2000),
    recommended_action: recommendedAction,
    flags: z.array(riskFlag).max(riskFlag.options.length),
    evidence: riskEvidence.nullable(),
    created_at: timestamp,
    dismissed_at: timestamp.nullable(),
    affiliate: z.object({
      name: text(200).nullable(),
      email: text(254).nullable(),
      ref_code: text(64),
      status: text(32),
      commissions_held: z.boolean().describe('a manager holds the affiliate\'s commissions out of payouts (PATCH /affiliates/{id})'),
    }),
  })
  .meta({ id: 'RiskAssessment' });
export type RiskAssessmentRecord = z.infer<typeof riskAssessmentRecord>;

type AssessmentRow = typeof riskAssessments.$inferSelect;
type AffiliateRow = Pick<typeof affiliates.$inferSelect, 'name' | 'email' | 'refCode' | 'status' | 'commissionsHeldAt'>;

export const presentRiskAssessment = (row: AssessmentRow, affiliate: AffiliateRow): RiskAssessmentRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  risk_level: row.riskLevel,
  score: row.score,
  summary: row.summary,
  recommended_action: row.recommendedAction,
  flags: row.flags as RiskFlag[],
  evidence: (row.evidence as RiskEvidence | null) ?? null,
  created_at: iso(row.createdAt),
  dismissed_at: isoOrNull(row.dismissedAt),
  affiliate: {
    name: affiliate.name,
    email: affiliate.email,
    ref_code: affiliate.refCode,
    status: affiliate.status,
    commissions_held: affiliate.commissionsHeldAt !== null,
  },
});
