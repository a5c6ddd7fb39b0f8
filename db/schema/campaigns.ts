import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceRef } from './columns';
import { ATTRIBUTION_MODELS, CAMPAIGN_STATUSES, CODE_PRECEDENCES, DISCOUNT_DURATIONS, DISCOUNT_TYPES } from '../../server/model/enums';

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('active'),
    cookieWindowDays: integer('cookie_window_days').notNull().default(30),
    attributionModel: text('attribution_model', { enum: ATTRIBUTION_MODELS }).notNull().default('last_click'),
    destinationUrl: text('destination_url'),
    additionalReferralLinks: text('additional_referral_links').array().notNull().default([]),
    refParam: text('ref_param').notNull().default('ref'),
    // The customer discount its affiliates' codes give (docs/codes.md); null type: none. Amount as
    // rules store it: hundredths of a percent for percent, minor units of discount_currency otherwise.
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    discountAmount: integer('discount_amount'),
    discountCurrency: text('discount_currency'),
    discountDuration: text('discount_duration', { enum: DISCOUNT_DURATIONS }).notNull().default('once'),
    discountMonths: integer('discount_months'),
    codePrecedence: text('code_precedence', { enum: CODE_PRECEDENCES }).notNull().default('click'),
    // Commission on net revenue: the sale's amount is always after discount; these take tax and the
    // provider's fees off too, when the sale reports them (docs/commissions.md#revenue-basis).
    commissionExcludesTax: boolean('commission_excludes_tax').notNull().default(false),
    commissionExcludesFees: boolean('commission_excludes_fees').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /v1/campaigns?status= ordered by creation; also "oldest active campaign" for new affiliates
    index('campaigns_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt),
    index('campaigns_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
