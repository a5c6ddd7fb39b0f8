import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { AFFILIATE_CODE_SOURCES, AFFILIATE_CODE_STATUSES, CODE_DEACTIVATION_REASONS, CODE_SYNC_STATES } from '../../server/model/enums';

// An affiliate's coupon codes (docs/codes.md): typed at checkout, they attribute the sale by
// attribution's code way and give the customer its campaign's discount.
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    // As shown and as created in the providers; code_key is its lower case, the lookup key.
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    status: text('status', { enum: AFFILIATE_CODE_STATUSES }).notNull().default('active'),
    source: text('source', { enum: AFFILIATE_CODE_SOURCES }).notNull(),
    // Set 'pending' by every change the providers must follow; the sync job takes it from there.
    syncState: text('sync_state', { enum: CODE_SYNC_STATES }).notNull().default('pending'),
    syncError: text('sync_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deactivatedAt: ts('deactivated_at'),
    // affiliate_inactive: the affiliate's suspension (or rejection) took it; reactivation restores exactly these.
    deactivatedReason: text('deactivated_reason', { enum: CODE_DEACTIVATION_REASONS }),
  },
  (t) => [
    // Unique for good, inactive codes included: a deactivated code is never handed to another affiliate
    uniqueIndex('affiliate_codes_workspace_code_uq').on(t.workspaceId, t.codeKey),
    // an affiliate's codes, newest first (the affiliate's page, the portal, GET /v1/affiliates/{id}/codes)
    index('affiliate_codes_affiliate_idx').on(t.affiliateId, t.createdAt),
    // the sync job's due codes; a synced code adds no entry
    index('affiliate_codes_pending_idx').on(t.workspaceId, t.updatedAt).where(sql`${t.syncState} = 'pending'`),
  ],
);
