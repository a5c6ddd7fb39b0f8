import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, workspaceRef } from './columns';

export const links = pgTable(
  'links',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    domainId: uuid('domain_id'),
    refParam: text('ref_param').notNull(),
    destinationUrl: text('destination_url'),
    // Added to the referral URL (?sub_id=…) so an affiliate tells its placements apart in click URLs.
    subId: text('sub_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /v1/links (workspace, newest first) and /v1/affiliate/links
    index('links_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('links_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);
