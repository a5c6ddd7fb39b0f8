import { z } from 'zod';
import { currency } from '../../contracts/common';
import { embedOrigins } from '../../contracts/embed';
import { brandColor, disposableEmailPolicy, holdDays, linkCustomersByEmail, joinSlug, logoUrl, minPayout, programName, settingsBody, taxFormRequired, taxFormThreshold, termsUrl } from '../../contracts/settings';
import { operation } from '../../trpc/meta';

export const updateSettingsMeta = operation({
  method: 'PATCH',
  path: '/settings',
  summary: "Change the workspace's program settings",
  tags: ['Settings'],
  description:
    'A new hold_days applies to every commission not yet paid or batched (its sale time + the new hold). program_name, logo_url, brand_color, terms_url and join_slug (additions to the spec) brand the affiliate portal and the public join page; null clears one. disposable_email_policy says what the join page does with applications from disposable e-mail domains. embed_origins lists the origins that may frame the embedded referral page (POST /v1/embed-tokens issues tokens for one of them; removing one ends its tokens at once); duplicates are kept once. A join_slug another workspace uses is 409 invalid_state.',
  errors: ['invalid_state'],
});

export const updateSettingsInput = z.strictObject({
  auto_approve_affiliates: z.boolean().optional(),
  auto_approve_commissions: z.boolean().optional(),
  hold_days: holdDays.optional(),
  min_payout: minPayout.optional(),
  currency: currency.optional(),
  program_name: programName.nullable().optional(),
  logo_url: logoUrl.nullable().optional(),
  brand_color: brandColor.nullable().optional(),
  terms_url: termsUrl.nullable().optional(),
  join_slug: joinSlug.nullable().optional(),
  disposable_email_policy: disposableEmailPolicy.optional(),
  link_customers_by_email: linkCustomersByEmail.optional(),
  tax_form_required: taxFormRequired.optional(),
  tax_form_threshold: taxFormThreshold.optional(),
  embed_origins: embedOrigins.optional(),
});
export const updateSettingsOutput = settingsBody;
