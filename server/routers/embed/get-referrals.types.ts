import { z } from 'zod';
import { affiliateCodeRecord } from '../../contracts/affiliate-code';
import { one, text } from '../../contracts/common';
import { EMBED_STRINGS } from '../../contracts/embed';
import { payoutRecord } from '../../contracts/payout';
import { payoutMethodRecord } from '../../contracts/payout-method';
import { programBrandRecord } from '../../contracts/program-brand';
import { taxFormRecord } from '../../contracts/tax-form';
import { AFFILIATE_STATUSES } from '../../model/enums';

// Not /v1 (no openapi meta): what the embedded referral page (/embed/referrals) shows, for the
// one affiliate its token names, with the token's options applied here rather than in the HTML:
// hidden money is not in the answer at all (docs/embedded-referrals.md#the-page).

export const getReferralsInput = z.object({}).optional();

const minor = z.number().int().describe('minor currency units');

export const referralsRecord = z.object({
  origin: text(255).describe('the one origin that frames the page: where its height messages go'),
  status: z.enum(AFFILIATE_STATUSES).describe('pending: the application is being reviewed'),
  program: programBrandRecord.pick({ name: true, logo_url: true, brand_color: true }),
  theme: z.enum(['light', 'dark', 'brand']),
  /** Every word of the page, the merchant's replacements over the defaults. */
  strings: z.record(z.enum(EMBED_STRINGS), text(200)),
  ref_code: text(64),
  links: z.array(z.object({ url: text(2200), label: text(2200) })).max(101),
  codes: z.array(affiliateCodeRecord.pick({ code: true, status: true })).max(100),
  counts: z.object({ clicks: z.number().int(), signups: z.number().int(), sales: z.number().int() }),
  /** null with hide_earnings. `credit`: hide_payouts, so the page says "credit earned". */
  earnings: z
    .object({ credit: z.boolean(), by_currency: z.array(z.object({ currency: text(3), pending: minor, approved: minor, paid: minor })).max(200) })
    .nullable(),
  /** null with hide_payouts (credit-only programs): no payout, payout method or tax form at all. */
  payouts: z
    .object({
      recent: z.array(payoutRecord.pick({ id: true, amount: true, currency: true, status: true, created_at: true, paid_at: true })).max(20),
      method: payoutMethodRecord.pick({ kind: true, state: true, state_reason: true }),
      tax_form: taxFormRecord.pick({ kind: true, signed_on: true }).nullable(),
      portal_url: text(2200).describe('where the affiliate sets them up: the portal, in a new tab'),
    })
    .nullable(),
});

export type ReferralsRecord = z.infer<typeof referralsRecord>;
export const getReferralsOutput = one('embed_referrals', referralsRecord);
