import { z } from 'zod';
import type { groups } from '@/db/schema';
import { currency, currencyCode, iso, name, text, timestamp, uuid } from './common';
import { customerDiscountInput, discountColumns } from './campaign';
import { hundredthsToPercent } from '../model/money';
import { DISCOUNT_DURATIONS, DISCOUNT_TYPES, RECRUITER_REWARD_TYPES } from '../model/enums';

type GroupRow = typeof groups.$inferSelect;

export const groupSlug = z
  .string()
  .trim()
  .max(48)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, 'use 1-48 of a-z, 0-9 and - (not at either end)')
  .describe("the group's join page: /join/{program}/{slug}");

// What a recruiter in the group earns (docs/groups-bounties-recruiters.md#recruiters): amount in
// hundredths of a percent for the percent types, minor units of currency for flat_on_approval.
export const MAX_RECRUITER_PERCENT = 10_000;
export const MAX_RECRUITER_FLAT = 100_000_000;
export const recruiterTermsInput = z
  .strictObject({
    reward_type: z.enum(RECRUITER_REWARD_TYPES).optional(),
    amount: z.number().int().min(1).max(MAX_RECRUITER_FLAT).optional().describe('hundredths of a percent (2550 = 25.50 %, at most 10000), or minor units for flat_on_approval'),
    currency: currency.nullable().optional().describe('flat_on_approval only, required there'),
    months: z.number().int().min(1).max(120).nullable().optional().describe('how long after the recruit joined it earns; null: always'),
  })
  .superRefine((r, ctx) => {
    if (!r.reward_type || r.amount === undefined) return ctx.addIssue({ code: 'custom', message: 'recruiter terms name their reward_type and amount', path: [] });
    const flat = r.reward_type === 'flat_on_approval';
    if (!flat && r.amount > MAX_RECRUITER_PERCENT) ctx.addIssue({ code: 'custom', message: 'a percentage in hundredths, at most 10000 (100 %)', path: ['amount'] });
    if (flat && !r.currency) ctx.addIssue({ code: 'custom', message: 'a flat recruiter reward names its currency', path: [] });
    if (!flat && r.currency) ctx.addIssue({ code: 'custom', message: 'a percent recruiter reward has no currency', path: ['currency'] });
  });
export type RecruiterTermsInput = z.infer<typeof recruiterTermsInput>;

export const groupRecord = z
  .object({
    id: uuid,
    name: text(200),
    slug: text(48),
    is_default: z.boolean().describe('where new affiliates start; exactly one per workspace'),
    auto_approve: z.boolean().nullable().describe("applicants through the group's join page start active (true) or pending (false); null: the workspace's setting"),
    customer_discount: z
      .object({
        type: z.enum(DISCOUNT_TYPES),
        amount: z.number(),
        currency: currencyCode.nullable(),
        duration: z.enum(DISCOUNT_DURATIONS),
        duration_months: z.number().int().nullable(),
      })
      .nullable()
      .describe("what its affiliates' codes give the customer, in place of the campaign's; null: the campaign's"),
    recruiter_terms: z
      .object({ reward_type: z.enum(RECRUITER_REWARD_TYPES), amount: z.number().int(), currency: currencyCode.nullable(), months: z.number().int().nullable() })
      .nullable()
      .describe('what a recruiter in this group earns on its recruits; null: nothing'),
    affiliate_count: z.number().int().optional().describe('its affiliates (in lists)'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Group' });
export type GroupRecord = z.infer<typeof groupRecord>;

export const presentGroup = (row: GroupRow & { affiliateCount?: number }): GroupRecord => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  is_default: row.isDefault,
  auto_approve: row.autoApprove,
  customer_discount: row.discountType
    ? {
        type: row.discountType,
        amount: row.discountType === 'percent' ? hundredthsToPercent(row.discountAmount!) : row.discountAmount!,
        currency: row.discountCurrency,
        duration: row.discountDuration,
        duration_months: row.discountMonths,
      }
    : null,
  recruiter_terms: row.recruiterRewardType
    ? { reward_type: row.recruiterRewardType, amount: row.recruiterAmount!, currency: row.recruiterCurrency, months: row.recruiterMonths }
    : null,
  ...(row.affiliateCount === undefined ? {} : { affiliate_count: row.affiliateCount }),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

type RecruiterColumns = Pick<typeof groups.$inferInsert, 'recruiterRewardType' | 'recruiterAmount' | 'recruiterCurrency' | 'recruiterMonths'>;
export const recruiterColumns = (r: RecruiterTermsInput | null): RecruiterColumns =>
  r
    ? {
        recruiterRewardType: r.reward_type!,
        recruiterAmount: r.amount!,
        recruiterCurrency: r.reward_type === 'flat_on_approval' ? r.currency! : null,
        recruiterMonths: r.months ?? null,
      }
    : { recruiterRewardType: null, recruiterAmount: null, recruiterCurrency: null, recruiterMonths: null };

/** The writable fields of a group (POST and PATCH bodies). */
export const groupFields = {
  name,
  slug: groupSlug,
  auto_approve: z.boolean().nullable().describe("null: the workspace's setting (docs/groups-bounties-recruiters.md#join-page-and-auto-approval)"),
  customer_discount: customerDiscountInput.nullable().describe("replaces the campaign's discount for its affiliates' codes; null: the campaign's"),
  recruiter_terms: recruiterTermsInput.nullable().describe('null: recruiting earns nothing'),
};
export { discountColumns };
