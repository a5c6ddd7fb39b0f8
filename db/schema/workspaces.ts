import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { DISPOSABLE_EMAIL_POLICIES } from '../../server/model/enums';

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    // Public identifier for the browser collector (/api/collect); never a secret.
    publicId: text('public_id').notNull(),
    // Secret salt for the ip and user-agent hashes of this workspace's clicks.
    trackingSalt: text('tracking_salt').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    createdAt: createdAt(),
  },
  (t) => [
    // resolves /api/collect?w=<public_id> to its workspace
    uniqueIndex('workspaces_public_id_uq').on(t.publicId),
  ],
);

// One row per workspace, created with it; defaults in docs/workspaces-and-keys.md#program-settings.
export const workspaceSettings = pgTable(
  'workspace_settings',
  {
  workspaceId: uuid('workspace_id').primaryKey(),
  autoApproveAffiliates: boolean('auto_approve_affiliates').notNull().default(false),
  autoApproveCommissions: boolean('auto_approve_commissions').notNull().default(false),
  holdDays: integer('hold_days').notNull().default(30),
  minPayout: money('min_payout').notNull().default(5000),
  currency: text('currency').notNull().default('usd'),
  timezone: text('timezone').notNull().default('UTC'),
  // Product catalog policy: do sales of uncataloged products earn the campaign default rate?
  commissionUnmappedProducts: boolean('commission_unmapped_products').notNull().default(true),
  // Branding of the portal and the join page; the workspace name stands in for an unset program name.
  programName: text('program_name'),
  logoUrl: text('logo_url'),
  brandColor: text('brand_color'),
  termsUrl: text('terms_url'),
  // The public join page /join/{join_slug} (the workspace's public id works too).
  joinSlug: text('join_slug'),
  // Join-page applications from disposable e-mail domains (server/model/enums.ts).
  disposableEmailPolicy: text('disposable_email_policy', { enum: DISPOSABLE_EMAIL_POLICIES }).notNull().default('flag'),
  // A payment provider's new customer is linked to the lead recorded with the same e-mail
  // (docs/integrations/stripe.md#customers-without-checkout); false turns that off.
  linkCustomersByEmail: boolean('link_customers_by_email').notNull().default(true),
  // Bumped by a trigger on every change to the workspace's commission rules (migration 0014), so
  // a process may keep rules it read under the same number (server/domain/rules/kept-rules.ts).
  // The tax-form gate (docs/paying-affiliates.md#tax-forms): off for workspaces made before it;
  // when on, an affiliate without a form is not paid above the threshold per calendar year.
  taxFormRequired: boolean('tax_form_required').notNull().default(false),
  taxFormThreshold: money('tax_form_threshold').notNull().default(200000),
  // The origins allowed to frame the embedded referral page (docs/embedded-referrals.md): an
  // embed token is issued only for one of them, and the page's frame-ancestors is that origin.
  embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
  rulesVersion: bigint('rules_version', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
  },
  (t) => [
    // /join/{slug} -> workspace
    uniqueIndex('workspace_settings_join_slug_uq').on(t.joinSlug),
  ],
);
