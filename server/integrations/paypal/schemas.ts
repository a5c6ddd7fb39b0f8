import { z } from 'zod';

// The parts of PayPal's webhook events Refcount reads (PayPal's webhook event reference): the
// envelope, and a payout item's resource. Unknown fields pass.

export const envelopeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  create_time: z.string().max(64).refine((v) => !Number.isNaN(Date.parse(v)), 'not a date'),
  resource: z.unknown(),
});

export const payoutItemSchema = z.looseObject({
  payout_item_id: z.string().max(255),
  transaction_status: z.string().max(64),
  payout_batch_id: z.string().max(255),
  transaction_id: z.string().max(255).optional(),
  payout_item: z.looseObject({ sender_item_id: z.string().max(255), receiver: z.string().max(320).optional() }),
  errors: z.looseObject({ name: z.string().max(255).optional(), message: z.string().max(2000).optional() }).optional(),
});
