import { z } from 'zod';
import type { commissions, rewardDeliveries } from '@/db/schema';
import { currencyCode, iso, isoOrNull, timestamp, uuid } from './common';
import { COMMISSION_KINDS, COMMISSION_STATUSES, REWARD_DELIVERIES, REWARD_DELIVERY_STATES, REWARD_DELIVERY_TARGETS, REWARD_TYPES } from '../model/enums';

export const commissionStatus = z.enum(COMMISSION_STATUSES);

export const commissionRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    conversion_id: uuid.nullable().describe('null for a bounty commission (kind bounty) and a recruiter\'s flat reward on a recruit\'s approval: no sale made them'),
    bounty_id: uuid.nullable().describe('the bounty it pays (kind bounty); docs/groups-bounties-recruiters.md#bounties'),
    kind: z.enum(COMMISSION_KINDS).describe('earning: a sale\'s; clawback: the negative counterpart of a paid commission whose conversion was reversed; bounty: a bounty\'s reward, tied to no sale; recruiter: a second-tier line on a recruit\'s commission or approval (docs/commissions.md)'),
    recruit_id: uuid.nullable().describe('kind recruiter, and its clawbacks: the recruit it was earned on; docs/groups-bounties-recruiters.md#recruiters-two-tier'),
    amount: z.number().int().describe('minor currency units; negative for a clawback'),
    currency: currencyCode,
    status: commissionStatus,
    period_index: z.number().int(),
    created_at: timestamp,
  })
  .meta({ id: 'Commission' });

export type CommissionRecord = z.infer<typeof commissionRecord>;

export const presentCommission = (row: typeof commissions.$inferSelect): CommissionRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  conversion_id: row.conversionId,
  bounty_id: row.bountyId,
  kind: row.kind,
  recruit_id: row.recruitId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  period_index: row.periodIndex,
  created_at: iso(row.createdAt),
});

// A reward delivered in the billing system (docs/rewards-in-billing.md), as the commission shows it.
export const rewardDeliveryRecord = z
  .object({
    method: z.enum(REWARD_DELIVERIES),
    state: z.enum(REWARD_DELIVERY_STATES).describe('pending (due or in flight), delivered, failed (tried again later), reversed (taken back)'),
    target: z.enum(REWARD_DELIVERY_TARGETS),
    provider: z.string().max(32).nullable(),
    customer_id: z.string().max(255).nullable(),
    provider_object_id: z.string().max(255).nullable().describe('the balance transaction, coupon or discount made'),
    amount: z.number().int().nullable().describe('account_credit: minor units'),
    currency: currencyCode.nullable(),
    months: z.number().int().nullable().describe('free_months: how many'),
    reversed_amount: z.number().int().describe('credit taken back at the provider'),
    shortfall: z.number().int().describe('credit already used when the reward was taken back: owed by nobody, shown to the manager'),
    reversed_at: timestamp.nullable(),
    attempts: z.number().int(),
    error: z.string().max(500).nullable().describe('the last failure, in our words'),
  })
  .meta({ id: 'RewardDelivery' });

export type RewardDeliveryRow = typeof rewardDeliveries.$inferSelect;

export const presentRewardDelivery = (d: RewardDeliveryRow): z.infer<typeof rewardDeliveryRecord> => ({
  method: d.kind,
  state: d.state,
  target: d.target,
  provider: d.provider,
  customer_id: d.customerId,
  provider_object_id: d.providerObjectId,
  amount: d.amount,
  currency: d.currency,
  months: d.months,
  reversed_amount: d.reversedAmount,
  shortfall: d.shortfall,
  reversed_at: isoOrNull(d.reversedAt),
  attempts: d.attempts,
  error: d.error,
});

// The workspace's view: what the dashboard needs to review a commission and follow it into a
// payout. The affiliate's view (commissionRecord) stays without these.
export const commissionDetailRecord = commissionRecord
  .extend({
    computed_amount: z.number().int().describe('what the rule computed; amount differs when overridden'),
    reward_type: z.enum(REWARD_TYPES),
    rule_id: uuid.nullable(),
    payout_id: uuid.nullable(),
    hold_until: timestamp.nullable(),
    reward_delivery: rewardDeliveryRecord.nullable().describe('the reward delivered in the billing system, null when paid out'),
    updated_at: timestamp,
  })
  .meta({ id: 'CommissionDetail' });

export type CommissionDetailRecord = z.infer<typeof commissionDetailRecord>;

/** A commission with its reward delivery, if it has one (server/domain/commissions/reward-delivery.ts). */
export type CommissionWithDelivery = typeof commissions.$inferSelect & { rewardDelivery?: RewardDeliveryRow | null };

export const presentCommissionDetail = (row: CommissionWithDelivery): CommissionDetailRecord => ({
  ...presentCommission(row),
  computed_amount: row.computedAmount,
  reward_type: row.rewardType,
  rule_id: row.ruleId,
  payout_id: row.payoutId,
  hold_until: isoOrNull(row.holdUntil),
  reward_delivery: row.rewardDelivery ? presentRewardDelivery(row.rewardDelivery) : null,
  updated_at: iso(row.updatedAt),
});
