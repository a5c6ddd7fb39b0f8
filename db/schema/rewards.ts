import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceRef } from './columns';
import { APPLIES_TO_INTERVALS, LENGTH_TYPES, REWARD_DELIVERIES, REWARD_DELIVERY_TARGETS, REWARD_TYPES, RULE_KINDS } from '../../server/model/enums';
import { sql } from 'drizzle-orm';

// Terms shared by rules and library rewards. `amount` is minor units when is_flat, otherwise
// hundredths of a percent (2550 = 25.50 %), so the engine only ever does integer math.
const terms = () => ({
  isFlat: boolean('is_flat').notNull().default(false),
  amount: integer('amount').notNull(),
  currency: text('currency'),
  lengthType: text('length_type', { enum: LENGTH_TYPES }).notNull().default('one_time'),
  lengthMonths: integer('length_months'),
  appliesToInterval: text('applies_to_interval', { enum: APPLIES_TO_INTERVALS }).notNull().default('any'),
});

// How a reward is delivered (docs/rewards-in-billing.md), copied with the terms into a rule:
// paid out, or account credit / free months in the billing system, to the referred customer or to
// the affiliate as a billing customer. delivery_months only with free_months.
const delivery = () => ({
  delivery: text('delivery', { enum: REWARD_DELIVERIES }).notNull().default('payout'),
  deliveryTarget: text('delivery_target', { enum: REWARD_DELIVERY_TARGETS }).notNull().default('customer'),
  deliveryMonths: integer('delivery_months'),
});

export const rewards = pgTable(
  'rewards',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    type: text('type', { enum: REWARD_TYPES }).notNull().default('cash'),
    ...terms(),
    ...delivery(),
    description: text('description'),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /v1/rewards?include_archived=
    index('rewards_workspace_idx').on(t.workspaceId, t.archived, t.createdAt),
  ],
);

export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    workspaceId: workspaceRef(),
    campaignId: uuid('campaign_id').notNull(),
    // a partner group's override of the campaign's rule (docs/groups-bounties-recruiters.md#group-commission-rules);
    // null: the campaign's own rule
    groupId: uuid('group_id'),
    name: text('name').notNull(),
    kind: text('kind', { enum: RULE_KINDS }).notNull(),
    // '' for default, the interval for interval rules, sorted product ids for product rules
    scopeKey: text('scope_key').notNull().default(''),
    ...terms(),
    productIds: text('product_ids').array().notNull().default([]),
    rewardId: uuid('reward_id'),
    rewardType: text('reward_type', { enum: REWARD_TYPES }).notNull().default('cash'),
    ...delivery(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // PUT upserts by group, kind and scope (a null group is one value: the campaign's own rules);
    // the engine loads a campaign's rules through it too
    unique('commission_rules_scope_uq').on(t.campaignId, t.groupId, t.kind, t.scopeKey).nullsNotDistinct(),
    // used_by_campaigns of a library reward
    index('commission_rules_reward_idx').on(t.rewardId),
    // the reward delivery job's workspaces (a skip scan): only rules delivering in the billing system
    index('commission_rules_billing_delivery_idx').on(t.workspaceId).where(sql`${t.delivery} <> 'payout'`),
  ],
);
