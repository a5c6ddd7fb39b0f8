import { z } from 'zod';

// The fields Refcount reads from Paddle Billing notifications (amounts are strings of minor units).
const minor = z.union([z.string(), z.number()]).transform((v) => Number(v)).pipe(z.number().int());
const customData = z.record(z.string(), z.unknown()).nullish().transform((d) => d ?? {});

// The notification around the object; a body without it is rejected as malformed (intake.ts).
export const envelopeSchema = z.looseObject({
  event_id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  occurred_at: z.string().max(64).refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  data: z.looseObject({}),
});

export const transactionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  customer_id: z.string().nullish(),
  subscription_id: z.string().nullish(),
  origin: z.string(),
  currency_code: z.string(),
  custom_data: customData,
  billed_at: z.string().nullish(),
  discount_id: z.string().nullish(),
  items: z.array(z.looseObject({ price: z.looseObject({ product_id: z.string(), billing_cycle: z.looseObject({ interval: z.string() }).nullish() }).nullish() })),
  details: z.looseObject({
    // fee: Paddle's, in the transaction's currency; null until Paddle knows it
    totals: z.looseObject({ tax: minor, grand_total: minor, fee: minor.nullish() }).nullish(),
    line_items: z.array(z.looseObject({ product: z.looseObject({ id: z.string() }).nullish(), totals: z.looseObject({ total: minor }).nullish() })),
  }).nullish(),
});

export const adjustmentSchema = z.looseObject({
  id: z.string(),
  action: z.string(),
  transaction_id: z.string(),
  status: z.string(),
  totals: z.looseObject({ total: minor }),
});

export const subscriptionSchema = z.looseObject({
  id: z.string().min(1).max(255),
  status: z.string(),
  customer_id: z.string().min(1).max(255),
  custom_data: customData,
});

// An e-mail is at most 254 characters (RFC 5321); a longer one matches no lead and is not read.
export const customerSchema = z.looseObject({
  id: z.string().min(1).max(255),
  email: z.string().nullish().transform((e) => (e && e.length <= 254 ? e : null)),
  custom_data: customData,
});

export const productSchema = z.looseObject({ id: z.string(), name: z.string() });
