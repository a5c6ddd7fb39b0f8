import { z } from 'zod';
import type { campaigns } from '@/db/schema';
import { currency, currencyCode, iso, text, timestamp, uuid } from './common';
import { hundredthsToPercent, percentToHundredths } from '../model/money';
import { ATTRIBUTION_MODELS, CAMPAIGN_STATUSES, CODE_PRECEDENCES, DISCOUNT_DURATIONS, DISCOUNT_TYPES } from '../model/enums';

export const campaignStatus = z.enum(CAMPAIGN_STATUSES);
export const attributionModel = z.enum(ATTRIBUTION_MODELS);
export const cookieWindowDays = z.number().int().min(1).max(3650);
export const refParam = z.string().trim().max(32).regex(/^[A-Za-z0-9_-]{1,32}$/, 'use 1-32 of A-Z, a-z, 0-9, _ and -');

export const codePrecedence = z
  .enum(CODE_PRECEDENCES)
  .describe('click: a click inside the window beats a code typed at checkout (the documented order); code: the code wins');

// The customer's side of a two-sided program (docs/codes.md#the-campaign-discount).
const discountFields = {
  type: z.enum(DISCOUNT_TYPES),
  amount: z.number().positive().describe('percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency'),
  duration: z.enum(DISCOUNT_DURATIONS).describe('once: the first invoice; repeating: duration_months months; forever'),
};
export const customerDiscountInput = z
  .strictObject({
    // required, but checked below: a missing one is invalid_request, not an undocumented <field>_required
    type: discountFields.type.optional(),
    amount: discountFields.amount.optional(),
    currency: currency.nullable().optional().describe('amount discounts only, required there'),
    duration: discountFields.duration.optional().describe('default once'),
    duration_months: z.number().int().min(1).max(36).nullable().optional().describe('repeating only, required there'),
  })
  .superRefine((d, ctx) => {
    const problem = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    // on the discount itself: an issue at a missing field would read as `<field>_required` (errors/zod.ts)
    if (!d.type || d.amount === undefined) return ctx.addIssue({ code: 'custom', message: 'a discount names its type and amount', path: [] });
    if (d.type === 'percent' && (d.amount > 100 || percentToHundredths(d.amount) === null)) problem('a percentage above 0, at most 100, at most 2 decimals', 'amount');
    if (d.type === 'amount' && (!Number.isSafeInteger(d.amount) || d.amount > 100_000_000)) problem('integer minor units, at most 100000000', 'amount');
    if (d.type === 'amount' && !d.currency) ctx.addIssue({ code: 'custom', message: 'an amount discount names its currency', path: [] });
    if (d.type === 'percent' && d.currency) problem('a percent discount has no currency', 'currency');
    if ((d.duration === 'repeating') !== (d.duration_months != null)) ctx.addIssue({ code: 'custom', message: 'duration_months goes with duration repeating, and only with it', path: [] });
  });
export type CustomerDiscountInput = z.infer<typeof customerDiscountInput>;

export const commissionBasis = z.object({
  exclude_tax: z.boolean().describe('commission on the sale less the tax it reports'),
  exclude_fees: z.boolean().describe("commission on the sale less the provider's fees, when the provider reports them"),
});
export const commissionBasisInput = z.strictObject({ exclude_tax: z.boolean().optional(), exclude_fees: z.boolean().optional() });

export const campaignRecord = z
  .object({
    id: uuid,
    name: text(200),
    status: campaignStatus,
    cookie_window_days: z.number().int(),
    attribution_model: attributionModel,
    destination_url: text(2048).nullable(),
    additional_referral_links: z.array(text(2048)).max(50),
    ref_param: text(32),
    customer_discount: z
      .object({ ...discountFields, currency: currencyCode.nullable(), duration_months: z.number().int().nullable() })
      .nullable()
      .describe("what the affiliates' codes give the customer; null: codes give no discount"),
    code_precedence: codePrecedence,
    commission_basis: commissionBasis.describe('the sale amount is always after discount; these take tax and fees off too'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Campaign' });

export type CampaignRecord = z.infer<typeof campaignRecord>;

export const presentCampaign = (row: typeof campaigns.$inferSelect): CampaignRecord => ({
  id: row.id,
  name: row.name,
  status: row.status,
  cookie_window_days: row.cookieWindowDays,
  attribution_model: row.attributionModel,
  destination_url: row.destinationUrl,
  additional_referral_links: row.additionalReferralLinks,
  ref_param: row.refParam,
  customer_discount: row.discountType
    ? {
        type: row.discountType,
        amount: row.discountType === 'percent' ? hundredthsToPercent(row.discountAmount!) : row.discountAmount!,
        currency: row.discountCurrency,
        duration: row.discountDuration,
        duration_months: row.discountMonths,
      }
    : null,
  code_precedence: row.codePrecedence,
  commission_basis: { exclude_tax: row.commissionExcludesTax, exclude_fees: row.commissionExcludesFees },
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

type DiscountColumns = Pick<typeof campaigns.$inferInsert, 'discountType' | 'discountAmount' | 'discountCurrency' | 'discountDuration' | 'discountMonths'>;

/** A campaign's discount as its columns store it (null: no discount). */
export const discountColumns = (d: CustomerDiscountInput | null): DiscountColumns =>
  d
    ? {
        discountType: d.type!,
        discountAmount: d.type === 'percent' ? percentToHundredths(d.amount!)! : d.amount!,
        discountCurrency: d.type === 'amount' ? d.currency! : null,
        discountDuration: d.duration ?? 'once',
        discountMonths: d.duration === 'repeating' ? d.duration_months! : null,
      }
    : { discountType: null, discountAmount: null, discountCurrency: null, discountDuration: 'once', discountMonths: null };
