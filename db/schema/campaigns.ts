import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, workspaceRef } from './columns';
import { ATTRIBUTION_MODELS, CAMPAIGN_STATUSES } from '../../server/model/enums';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /v1/campaigns?status= ordered by creation; also "oldest active campaign" for new affiliates
    index('campaigns_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt),
    index('campaigns_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
