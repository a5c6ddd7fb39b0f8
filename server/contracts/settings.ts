import { z } from 'zod';
import type { workspaceSettings } from '@/db/schema';
import { currencyCode, httpsUrl, name, one, text } from './common';
import { DISPOSABLE_EMAIL_POLICIES } from '../model/enums';

export const holdDays = z.number().int().min(0).max(3650).describe('days a sale stays pending before it is confirmed');
export const minPayout = z.number().int().min(0).describe('smallest payout, integer minor units');
export const taxFormRequired = z
  .boolean()
  .describe('an affiliate without a tax form is not paid above tax_form_threshold per calendar year; default false');
export const taxFormThreshold = z
  .number()
  .int()
  .min(0)
  .max(100_000_000_000)
  .describe("payouts per calendar year (UTC) an affiliate without a tax form may receive, integer minor units of the workspace currency; default 200000 (USD 2,000, the 1099-NEC threshold from 2026)");

// Branding of the portal and the join page (additions to the spec).
export const programName = name.describe('shown to affiliates on the portal and the join page; null: the workspace name');

/**
 * Where a logo comes from: a path this install serves, or an https address elsewhere (pages show
 * that one through this install, docs/workspaces-and-keys.md#branding). Anything else is no logo:
 * `//host/x.png` (protocol-relative: a path to no one, a host to the browser), http:, data:,
 * javascript:, and addresses carrying a user name or password.
 */
export function logoSource(value: string): { path: string } | { https: string } | null {
  if (/^\/(?!\/)[A-Za-z0-9._~/-]*$/.test(value)) return { path: value };
  if (!/^https:\/\//i.test(value) || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname && !url.username && !url.password ? { https: url.href } : null;
}
export const logoUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => logoSource(v) !== null, 'must start with https:// (or a single / for a file this install serves)')
  .describe('an https image URL (served to affiliates through this install), or a path this install serves (e.g. /logo.svg)');
export const brandColor = z
  .string()
  .trim()
  .max(7)
  .regex(/^#[0-9a-fA-F]{6}$/, 'use a colour like #0f766e')
  .transform((c) => c.toLowerCase())
  .describe('#rrggbb: buttons and accents of the portal and the join page');
export const termsUrl = httpsUrl.describe('the program terms an applicant accepts on the join page');
export const joinSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(64)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'use 3-64 of a-z, 0-9 and -, starting and ending with a letter or digit')
  .describe('the public join page is /join/{join_slug} (the workspace public id works too)');

export const disposableEmailPolicy = z
  .enum(DISPOSABLE_EMAIL_POLICIES)
  .describe('join-page applications from disposable e-mail domains: refuse (400), flag (held pending for review, never auto-approved; the default) or allow');

export const linkCustomersByEmail = z
  .boolean()
  .describe("a payment provider's new customer is linked to the lead recorded (POST /v1/track/lead) with the same e-mail; default true");

export const settingsRecord = z
  .object({
    auto_approve_affiliates: z.boolean(),
    auto_approve_commissions: z.boolean(),
    hold_days: z.number().int(),
    min_payout: z.number().int(),
    currency: currencyCode,
    program_name: text(200).nullable(),
    logo_url: text(2048).nullable(),
    brand_color: text(7).nullable(),
    terms_url: text(2048).nullable(),
    join_slug: text(64).nullable(),
    disposable_email_policy: disposableEmailPolicy,
    link_customers_by_email: linkCustomersByEmail,
    tax_form_required: taxFormRequired,
    tax_form_threshold: z.number().int(),
    embed_origins: z.array(text(255)).max(10).describe('origins allowed to frame the embedded referral page (docs/embedded-referrals.md#origins); empty: no embedding'),
  })
  .meta({ id: 'Settings' });

export const settingsBody = one('settings', settingsRecord);

export const presentSettings = (row: typeof workspaceSettings.$inferSelect) => ({
  object: 'settings' as const,
  data: {
    auto_approve_affiliates: row.autoApproveAffiliates,
    auto_approve_commissions: row.autoApproveCommissions,
    hold_days: row.holdDays,
    min_payout: row.minPayout,
    currency: row.currency,
    program_name: row.programName,
    logo_url: row.logoUrl,
    brand_color: row.brandColor,
    terms_url: row.termsUrl,
    join_slug: row.joinSlug,
    disposable_email_policy: row.disposableEmailPolicy,
    link_customers_by_email: row.linkCustomersByEmail,
    tax_form_required: row.taxFormRequired,
    tax_form_threshold: row.taxFormThreshold,
    embed_origins: row.embedOrigins,
  },
});
