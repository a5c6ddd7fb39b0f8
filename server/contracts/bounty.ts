import { z } from 'zod';
import type { bounties, bountySubmissions } from '@/db/schema';
import { currencyCode, iso, isoOrNull, text, timestamp, uuid } from './common';
import { BOUNTY_METRICS, BOUNTY_PERIODS, BOUNTY_REJECTION_REASONS, BOUNTY_SUBMISSION_STATUSES, BOUNTY_TYPES } from '../model/enums';

// Bounties and their submissions (docs/groups-bounties-recruiters.md#bounties).

export type Bounty = typeof bounties.$inferSelect;
export type BountySubmission = typeof bountySubmissions.$inferSelect;

/** The most a proof may carry: a URL and a text of this many characters. */
export const PROOF_TEXT_MAX = 2000;
export const REVIEW_NOTE_MAX = 500;

export const bountyRecord = z
  .object({
    id: uuid,
    name: text(200),
    description: text(1000),
    type: z.enum(BOUNTY_TYPES).describe('performance: reach `target` of `metric` in a period; submission: approved proof'),
    reward_amount: z.number().int().describe('minor units of currency, paid as a commission of kind bounty'),
    currency: currencyCode,
    metric: z.enum(BOUNTY_METRICS).nullable().describe('performance only'),
    target: z.number().int().nullable().describe('performance only: a count, or minor units for revenue and commissions'),
    period: z.enum(BOUNTY_PERIODS).describe("once ever, or once per calendar month / ISO week in the workspace's time zone"),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    archived: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Bounty' });

export const presentBounty = (b: Bounty): z.infer<typeof bountyRecord> => ({
  id: b.id,
  name: b.name,
  description: b.description,
  type: b.type,
  reward_amount: b.rewardAmount,
  currency: b.currency,
  metric: b.metric,
  target: b.target,
  period: b.period,
  starts_at: isoOrNull(b.startsAt),
  ends_at: isoOrNull(b.endsAt),
  archived: b.archived,
  created_at: iso(b.createdAt),
  updated_at: iso(b.updatedAt),
});

export const bountySubmissionRecord = z
  .object({
    id: uuid,
    bounty_id: uuid,
    affiliate_id: uuid,
    period_key: text(16).describe("the bounty's period it counts for: all, 2026-11 or 2026-W48"),
    proof_url: text(2048).nullable(),
    proof_text: text(PROOF_TEXT_MAX).nullable(),
    status: z.enum(BOUNTY_SUBMISSION_STATUSES),
    rejection_reason: z.enum(BOUNTY_REJECTION_REASONS).nullable(),
    review_note: text(REVIEW_NOTE_MAX).nullable(),
    reviewed_at: timestamp.nullable(),
    commission_id: uuid.nullable().describe('the bounty commission its approval earned'),
    created_at: timestamp,
  })
  .meta({ id: 'BountySubmission' });

export type BountySubmissionRecord = z.infer<typeof bountySubmissionRecord>;

export const presentBountySubmission = (s: BountySubmission): BountySubmissionRecord => ({
  id: s.id,
  bounty_id: s.bountyId,
  affiliate_id: s.affiliateId,
  period_key: s.periodKey,
  proof_url: s.proofUrl,
  proof_text: s.proofText,
  status: s.status,
  rejection_reason: s.rejectionReason,
  review_note: s.reviewNote,
  reviewed_at: isoOrNull(s.reviewedAt),
  commission_id: s.commissionId,
  created_at: iso(s.createdAt),
});

export const bountyReport = z
  .object({
    submissions: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
    affiliates_rewarded: z.number().int().describe('affiliates with a bounty commission not denied'),
    earned: z
      .array(z.object({ currency: currencyCode, amount: z.number().int() }))
      .max(200)
      .describe('the bounty commissions not denied or reversed, per currency'),
  })
  .meta({ id: 'BountyReport' });

export const bountyDetailRecord = bountyRecord.extend({ report: bountyReport }).meta({ id: 'BountyDetail' });

/** A bounty as its affiliate sees it: its progress in the current period and its own submissions. */
export const affiliateBountyRecord = bountyRecord
  .omit({ archived: true, updated_at: true })
  .extend({
    progress: z
      .object({
        period_key: text(16),
        from: text(10).describe('first day counted (workspace time zone)'),
        to: text(10).describe('last day counted'),
        total: z.number().int().nullable().describe('performance: the metric so far in the period'),
        progress: z.number().int().min(0).max(10_000).describe('hundredths of a percent of the target (submission: 10000 once approved)'),
        earned: z.boolean().describe('the bounty paid this period already'),
      })
      .describe('the current period'),
    submissions: z.array(bountySubmissionRecord).max(10).describe('the latest ten of its own submissions'),
  })
  .meta({ id: 'AffiliateBounty' });

export type AffiliateBountyRecord = z.infer<typeof affiliateBountyRecord>;
