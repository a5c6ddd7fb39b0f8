import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { CODE_LINK_CLOSERS, PROVIDERS } from '../../server/model/enums';

// The provider objects an affiliate code stands for (docs/integrations/stripe.md "Affiliate
// codes"): a Stripe promotion code (with its coupon) or a Paddle discount, made by the code sync
// job (server/integrations/codes/) or linked by a manager. Never deleted: an object made
// inactive keeps its row, so a code renamed or re-priced shows its history.
export const affiliateCodeLinks = pgTable(
  'affiliate_code_links',
  {
    id: id(),
    workspaceId: workspaceRef(),
    codeId: uuid('code_id').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    // promo_… (Stripe) or dsc_… (Paddle)
    objectId: text('object_id').notNull(),
    // Stripe only: the coupon the promotion code applies
    couponId: text('coupon_id'),
    // The text as the provider has it, and the discount it was made with (null: linked, the
    // merchant's own terms); a code whose text or discount differs is pushed again.
    code: text('code').notNull(),
    discount: text('discount'),
    active: boolean('active').notNull().default(true),
    // Who made it inactive: Refcount (the code was deactivated, renamed or re-priced) or the
    // merchant in the provider's dashboard (Refcount then leaves it so).
    deactivatedBy: text('deactivated_by', { enum: CODE_LINK_CLOSERS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deactivatedAt: ts('deactivated_at'),
  },
  (t) => [
    // a code's objects (the sync job, the code's page)
    uniqueIndex('affiliate_code_links_code_uq').on(t.codeId, t.provider, t.objectId),
    // one object stands for one code: linking refuses one already linked; a provider event finds its code
    uniqueIndex('affiliate_code_links_object_uq').on(t.workspaceId, t.provider, t.objectId),
  ],
);

// The sync job's bookkeeping of a code being pushed: a lease while one worker talks to the
// providers (two never create the same object), and after a failure when to try again. A row
// exists only while a code is being pushed or has failed; success deletes it.
export const affiliateCodeSyncs = pgTable(
  'affiliate_code_syncs',
  {
    codeId: uuid('code_id').primaryKey(),
    workspaceId: workspaceRef(),
    failures: integer('failures').notNull().default(0),
    retryAt: ts('retry_at'),
    leaseUntil: ts('lease_until'),
  },
  (t) => [
    // the sweep's failed codes due again (a skip scan over workspaces, then each one's due codes)
    index('affiliate_code_syncs_retry_idx').on(t.workspaceId, t.retryAt).where(sql`${t.retryAt} is not null`),
  ],
);
