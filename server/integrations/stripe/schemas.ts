import { z } from 'zod';

// The fields Refcount reads from Stripe's objects, as zod schemas that accept both payload shapes
// a webhook endpoint may be pinned to: API versions from 2025-03-31 (invoice.parent,
// line.pricing, invoice payments) and older ones (invoice.subscription, invoice.charge,
// line.price). Everything else in the payload passes through untouched.

/**
 * The event around the object: what the receiver stores and routes by. A body without it is
 * rejected as malformed (server/integrations/intake.ts), never applied.
 */
export const envelopeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean(),
  created: z.number().int().positive(),
  data: z.looseObject({ object: z.looseObject({}) }),
  // Stripe Connect: the connected account the event happened on (absent for the platform's own).
  account: z.string().max(255).nullish(),
});

/** An expandable reference: an id, or the object carrying it. */
const ref = z
  .union([z.string(), z.looseObject({ id: z.string() })])
  .nullish()
  .transform((v) => (typeof v === 'string' ? v : (v?.id ?? null)));
const metadata = z.record(z.string(), z.string()).nullish().transform((m) => m ?? {});

/**
 * A discount as an invoice or its lines name it: an id (Stripe's default; discounts cannot be read
 * by id, only expanded with the invoice), or the discount with its promotion code (an id, or
 * expanded with its text).
 */
const discount = z.union([
  z.string(),
  z.looseObject({ id: z.string(), promotion_code: z.union([z.string(), z.looseObject({ id: z.string(), code: z.string() })]).nullish() }),
]);
export type DiscountField = z.infer<typeof discount>;

const line = z.looseObject({
  amount: z.number().int(),
  discounts: z.array(discount).nullish(),
  period: z.looseObject({ start: z.number(), end: z.number() }).nullish(),
  // older API versions
  price: z
    .looseObject({ product: ref, recurring: z.looseObject({ interval: z.string(), interval_count: z.number().nullish() }).nullish() })
    .nullish(),
  // 2025-03-31 and later
  pricing: z.looseObject({ price_details: z.looseObject({ product: z.string().nullish() }).nullish() }).nullish(),
  parent: z.looseObject({ subscription_item_details: z.looseObject({ subscription: z.string().nullish() }).nullish() }).nullish(),
});

const payment = z.looseObject({ payment_intent: ref.optional(), charge: ref.optional() });

export const invoiceSchema = z.looseObject({
  id: z.string(),
  customer: ref,
  currency: z.string(),
  amount_paid: z.number().int(),
  total: z.number().int(),
  total_excluding_tax: z.number().int().nullish(),
  // 2025-03-31 and later (total_excluding_tax is read first; these when it is absent)
  total_taxes: z.array(z.looseObject({ amount: z.number().int() })).nullish(),
  billing_reason: z.string().nullish(),
  collection_method: z.string().nullish(),
  livemode: z.boolean(),
  metadata,
  status_transitions: z.looseObject({ paid_at: z.number().nullish() }).nullish(),
  lines: z.looseObject({ data: z.array(line) }),
  discounts: z.array(discount).nullish(),
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: ref, metadata }).nullish() }).nullish(),
  payments: z.looseObject({ data: z.array(z.looseObject({ payment })) }).nullish(),
  // older API versions
  tax: z.number().int().nullish(),
  subscription: ref.optional(),
  subscription_details: z.looseObject({ metadata }).nullish(),
  charge: ref.optional(),
  payment_intent: ref.optional(),
});
export type InvoiceFields = z.infer<typeof invoiceSchema>;
export type LineFields = z.infer<typeof line>;

export const invoicePaymentSchema = z.looseObject({ id: z.string(), invoice: ref, payment, status: z.string() });

export const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: ref,
  metadata,
  payment_status: z.string(),
  payment_intent: ref,
  invoice: ref,
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  total_details: z.looseObject({ amount_tax: z.number().int().nullish() }).nullish(),
  discounts: z.array(z.looseObject({ promotion_code: z.union([z.string(), z.looseObject({ id: z.string(), code: z.string() })]).nullish() })).nullish(),
  livemode: z.boolean(),
  created: z.number(),
});

export const chargeSchema = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  payment_intent: ref,
  // older API versions
  invoice: ref.optional(),
});

export const refundSchema = z.looseObject({ id: z.string(), amount: z.number().int(), charge: ref, payment_intent: ref, status: z.string().nullish() });

export const disputeSchema = z.looseObject({ id: z.string(), amount: z.number().int(), charge: ref, payment_intent: ref, status: z.string(), reason: z.string() });

// An e-mail is at most 254 characters (RFC 5321); a longer one matches no lead and is not read.
export const customerSchema = z.looseObject({
  id: z.string().min(1).max(255),
  email: z.string().nullish().transform((e) => (e && e.length <= 254 ? e : null)),
  metadata,
  livemode: z.boolean(),
});
export const productSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const promotionCodeSchema = z.looseObject({ id: z.string(), code: z.string(), active: z.boolean().optional() });

export const transferSchema = z.looseObject({ id: z.string(), amount: z.number().int(), amount_reversed: z.number().int(), reversed: z.boolean() });
