import { z } from 'zod';
import { currency, dateTime, uuid } from '../contracts/common';
import { BILLING_INTERVALS, REVERSAL_REASONS } from '../model/enums';

// Shared by POST /v1/track/lead and /v1/track/sale (docs/attribution.md#recording-leads-and-sales).
const fields = {
  external_id: z.string().trim().min(1).max(200),
  visitor_id: z.string().trim().min(1).max(128).optional(),
  fingerprint: z.string().trim().min(1).max(256).optional(),
  ip: z.string().trim().max(64).optional(),
  user_agent: z.string().trim().max(512).optional(),
  ref: z.string().trim().min(1).max(64).optional(),
  manual_code: z.string().trim().min(1).max(64).optional(),
  customer_id: z.string().trim().min(1).max(200).optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email())
    .optional()
    .describe("a lead's: kept only as a salted hash, to link a Stripe or Paddle customer with this e-mail (docs/integrations/stripe.md); a sale's is not stored"),
  currency: currency.optional(),
  product_id: z.string().trim().min(1).max(200).optional(),
  interval: z.enum(BILLING_INTERVALS).optional(),
  is_test: z.boolean().optional(),
  url: z.string().trim().max(2048).optional(),
  referrer: z.string().trim().max(2048).optional(),
  ts: dateTime.optional(),
};
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('minor currency units');

export const leadInput = z.strictObject({ ...fields, amount: amount.optional() });
export const saleInput = z
  .strictObject({
    ...fields,
    amount,
    tax: amount.optional().describe('tax included in amount, minor units, 0 to amount; omit when not known (docs/commissions.md#revenue-basis)'),
    fee: amount.optional().describe("the payment provider's fee on this sale, minor units, 0 to amount; omit when not known"),
  })
  // each part of the amount is at most the amount (checked with the fields, so a bad one stores nothing)
  .refine((s) => s.tax === undefined || s.tax <= s.amount, { path: ['tax'], message: 'tax is at most the amount' })
  .refine((s) => s.fee === undefined || s.fee <= s.amount, { path: ['fee'], message: 'fee is at most the amount' });

export const conversionOutput = z
  .union([
    z.object({ ok: z.literal(true), attributed: z.literal(true), conversion_id: uuid }),
    z.object({ ok: z.literal(true), attributed: z.literal(false), visitor_id: z.string().max(128).nullable() }),
  ])
  .meta({ id: 'TrackResult' });

export const refundInput = z.strictObject({
  external_id: z.string().trim().min(1).max(200),
  amount: amount.min(1).optional().describe('total refunded so far, minor units; omit for a full refund'),
  reason: z.enum(REVERSAL_REASONS).optional(),
});
export const refundOutput = z.object({ ok: z.boolean(), conversion_id: uuid }).meta({ id: 'RefundResult' });
