import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceRef } from './columns';
import { DISCOUNT_DURATIONS, DISCOUNT_TYPES, RECRUITER_REWARD_TYPES } from '../../server/model/enums';

// A partner group (docs/groups-bounties-recruiters.md#groups): every affiliate is in exactly one
// group of its workspace; each workspace has one default group, where new affiliates start.
export const groups = pgTable(
  'affiliate_groups',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    // the group's join page, /join/{program}/{slug}; lower case
    slug: text('slug').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    // whether applicants through this group's join page start active; null: the workspace's setting
    autoApprove: boolean('auto_approve'),
    // The customer discount its affiliates' codes give, as campaigns store it (docs/codes.md);
    // null type: the campaign's.
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    discountAmount: integer('discount_amount'),
    discountCurrency: text('discount_currency'),
    discountDuration: text('discount_duration', { enum: DISCOUNT_DURATIONS }).notNull().default('once'),
    discountMonths: integer('discount_months'),
    // What a recruiter in this group earns on its recruits (docs/groups-bounties-recruiters.md#recruiters);
    // null type: recruiting earns nothing. amount: hundredths of a percent, or minor units of
    // recruiter_currency for flat_on_approval; months: how long after the recruit joined (null: always).
    recruiterRewardType: text('recruiter_reward_type', { enum: RECRUITER_REWARD_TYPES }),
    recruiterAmount: integer('recruiter_amount'),
    recruiterCurrency: text('recruiter_currency'),
    recruiterMonths: integer('recruiter_months'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one default group per workspace
    uniqueIndex('affiliate_groups_default_uq').on(t.workspaceId).where(sql`${t.isDefault}`),
    uniqueIndex('affiliate_groups_workspace_slug_uq').on(t.workspaceId, t.slug),
    index('affiliate_groups_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
