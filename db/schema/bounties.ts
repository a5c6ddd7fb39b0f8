import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ts, updatedAt, workspaceRef } from './columns';
import { BOUNTY_METRICS, BOUNTY_PERIODS, BOUNTY_REJECTION_REASONS, BOUNTY_SUBMISSION_STATUSES, BOUNTY_TYPES } from '../../server/model/enums';

// Bounties (docs/groups-bounties-recruiters.md#bounties): a flat reward for reaching a total in a
// period (performance) or for proof the manager approves (submission). What one earns is a
// commission of kind `bounty` (db/schema/money.ts), paid like any other.
export const bounties = pgTable(
  'bounties',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: BOUNTY_TYPES }).notNull(),
    rewardAmount: money('reward_amount').notNull(),
    currency: text('currency').notNull(),
    // performance only (null for submission bounties)
    metric: text('metric', { enum: BOUNTY_METRICS }),
    // clicks, leads, sales: a count; revenue, commissions: minor units of `currency`
    target: money('target'),
    period: text('period', { enum: BOUNTY_PERIODS }).notNull().default('all_time'),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /v1/bounties newest first
    index('bounties_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    // the evaluation job's workspaces and their live performance bounties
    index('bounties_performance_idx').on(t.workspaceId).where(sql`${t.type} = 'performance' and not ${t.archived}`),
  ],
);

export const bountySubmissions = pgTable(
  'bounty_submissions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    bountyId: uuid('bounty_id').notNull(),
    affiliateId: uuid('affiliate_id').notNull(),
    // the bounty's period the submission counts for ('all', '2026-11', '2026-W48')
    periodKey: text('period_key').notNull(),
    proofUrl: text('proof_url'),
    proofText: text('proof_text'),
    status: text('status', { enum: BOUNTY_SUBMISSION_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason', { enum: BOUNTY_REJECTION_REASONS }),
    reviewNote: text('review_note'),
    reviewedAt: ts('reviewed_at'),
    commissionId: uuid('commission_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one pending or approved submission per affiliate, bounty and period: racing submits make one
    uniqueIndex('bounty_submissions_live_uq')
      .on(t.bountyId, t.affiliateId, t.periodKey)
      .where(sql`${t.status} in ('pending', 'approved')`),
    // a bounty's submissions newest first (GET /v1/bounties/{id}/submissions, the report)
    index('bounty_submissions_bounty_idx').on(t.bountyId, t.createdAt, t.id),
    // an affiliate's own submissions (GET /v1/affiliate/bounties, the portal)
    index('bounty_submissions_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);
