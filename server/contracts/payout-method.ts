import { z } from 'zod';
import type { affiliatePayoutMethods } from '@/db/schema';
import { email, isoOrNull, text, timestamp, uuid } from './common';
import { PAYOUT_METHOD_KINDS, PAYOUT_METHOD_STATES } from '../model/enums';

// How an affiliate is paid (docs/paying-affiliates.md#payout-methods). An affiliate that never
// chose one is paid by hand (manual, ready): the record is answered the same way.

/** A PayPal receiver: an e-mail address or a PayPal payer id (13 capitals and digits). */
export const paypalReceiver = z.union([z.string().trim().regex(/^[A-Z0-9]{13}$/), email]).describe('the PayPal e-mail address or PayPal payer id (13 capitals and digits) payouts go to');
/** Where the Express account is: ISO 3166-1 alpha-2; fixed once the account exists (Stripe cannot move it). */
export const accountCountry = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase())
  .describe('ISO 3166-1 alpha-2 country of the affiliate (US, DE, …)');

export const payoutMethodRecord = z
  .object({
    affiliate_id: uuid,
    kind: z.enum(PAYOUT_METHOD_KINDS).describe('manual: paid by hand from the payouts CSV'),
    state: z.enum(PAYOUT_METHOD_STATES).describe('only a ready method is paid by a batch; the others are skipped with no_payout_method'),
    state_reason: text(500).nullable().describe("why the method is not ready, e.g. what Stripe still needs"),
    stripe_account_id: text(255).nullable(),
    country: text(2).nullable(),
    paypal_receiver: text(254).nullable(),
    paypal_confirmed_at: timestamp.nullable(),
    updated_at: timestamp.nullable(),
  })
  .meta({ id: 'PayoutMethod' });

export type PayoutMethodRecord = z.infer<typeof payoutMethodRecord>;
type Row = typeof affiliatePayoutMethods.$inferSelect;

export const presentPayoutMethod = (affiliateId: string, row: Row | null | undefined): PayoutMethodRecord => ({
  affiliate_id: affiliateId,
  kind: row?.kind ?? 'manual',
  state: row ? row.state : 'ready',
  state_reason: row?.stateReason ? row.stateReason.slice(0, 500) : null,
  stripe_account_id: row?.stripeAccountId ?? null,
  country: row?.country ?? null,
  paypal_receiver: row?.paypalReceiver ?? null,
  paypal_confirmed_at: isoOrNull(row?.paypalConfirmedAt ?? null),
  updated_at: isoOrNull(row?.updatedAt ?? null),
});
