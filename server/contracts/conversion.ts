import { z } from 'zod';
import type { conversions } from '@/db/schema';
import { iso, timestamp } from './common';

// decisions.md §4 "Conversion": the stored status is never `voided` (it is stored as reversed).
export const conversionType = z.enum(['lead', 'sale']);
export const conversionStatus = z.enum(['pending', 'confirmed', 'reversed', 'refunded', 'chargeback']);
export const billingInterval = z.enum(['one_time', 'month', 'year']);

export const conversionRecord = z
  .object({
    id: z.uuid(),
    affiliate_id: z.uuid(),
    campaign_id: z.uuid(),
    type: conversionType,
    status: conversionStatus,
    amount: z.number().int().describe('minor currency units'),
    currency: z.string(),
    external_id: z.string(),
    ts: timestamp,
    customer_id: z.string().nullable(),
    product_id: z.string().nullable(),
    interval: billingInterval.nullable(),
    refunded_amount: z.number().int().describe('minor currency units'),
  })
  .meta({ id: 'Conversion' });

export type ConversionRecord = z.infer<typeof conversionRecord>;

export const presentConversion = (row: typeof conversions.$inferSelect): ConversionRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  campaign_id: row.campaignId,
  type: row.type,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  external_id: row.externalId,
  ts: iso(row.ts),
  customer_id: row.customerId,
  product_id: row.productId,
  interval: row.interval,
  refunded_amount: row.refundedAmount,
});
