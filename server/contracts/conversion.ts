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

/** Query filter: `voided` is the deprecated alias of reversed (interface-v1.md, Versioning). */
export const conversionStatusQuery = z.enum([...conversionStatus.options, 'voided']);
export const storedConversionStatus = (s: z.infer<typeof conversionStatusQuery>) => (s === 'voided' ? 'reversed' : s);

/** `from`/`to` bounds on ts: an ISO date-time with offset, or a date (midnight UTC). */
export const tsBound = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

// The workspace's view adds what the merchant needs to audit a conversion; the affiliate's view
// (conversionRecord, /v1/affiliate/conversions) stays without these.
export const conversionDetailRecord = conversionRecord
  .extend({
    is_test: z.boolean(),
    match_method: z.string().nullable(),
    match_confidence: z.number().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ConversionDetail' });

export type ConversionDetailRecord = z.infer<typeof conversionDetailRecord>;

export const presentConversionDetail = (row: typeof conversions.$inferSelect): ConversionDetailRecord => ({
  ...presentConversion(row),
  is_test: row.isTest,
  match_method: row.matchMethod,
  match_confidence: row.matchConfidence,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});
