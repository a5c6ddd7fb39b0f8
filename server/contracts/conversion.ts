import { z } from 'zod';
import type { conversions } from '@/db/schema';
import { currencyCode, dateOrDateTime, iso, text, timestamp, uuid } from './common';
import { BILLING_INTERVALS, CONVERSION_STATUSES, CONVERSION_TYPES } from '../model/enums';

// The stored status is never `voided`: it is stored as reversed (docs/api.md#deprecated-values).
export const conversionType = z.enum(CONVERSION_TYPES);
export const conversionStatus = z.enum(CONVERSION_STATUSES);
export const billingInterval = z.enum(BILLING_INTERVALS);

export const conversionRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    campaign_id: uuid,
    type: conversionType,
    status: conversionStatus,
    amount: z.number().int().describe('minor currency units'),
    currency: currencyCode,
    external_id: text(200),
    ts: timestamp,
    customer_id: text(200).nullable(),
    product_id: text(200).nullable(),
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

/** Query filter: `voided` is the deprecated alias of reversed (docs/api.md#deprecated-values). */
export const conversionStatusQuery = z.enum([...conversionStatus.options, 'voided']);
export const storedConversionStatus = (s: z.infer<typeof conversionStatusQuery>) => (s === 'voided' ? 'reversed' : s);

/** `from`/`to` bounds on ts: an ISO date-time with offset, or a date (midnight UTC), 2000-2100. */
export const tsBound = dateOrDateTime;

// The workspace's view adds what the merchant needs to audit a conversion; the affiliate's view
// (conversionRecord, /v1/affiliate/conversions) stays without these.
export const conversionDetailRecord = conversionRecord
  .extend({
    is_test: z.boolean(),
    tax: z.number().int().nullable().describe('tax included in amount as the sale reported it, minor units; null: not reported'),
    fee: z.number().int().nullable().describe("the payment provider's fee as the sale reported it, minor units; null: not reported"),
    match_method: text(32).nullable(),
    match_confidence: z.number().nullable(),
    connected_account: text(255).nullable().describe('the Stripe Connect account (acct_…) whose event made it'),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ConversionDetail' });

export type ConversionDetailRecord = z.infer<typeof conversionDetailRecord>;

export const presentConversionDetail = (row: typeof conversions.$inferSelect): ConversionDetailRecord => ({
  ...presentConversion(row),
  is_test: row.isTest,
  tax: row.tax,
  fee: row.fee,
  match_method: row.matchMethod,
  match_confidence: row.matchConfidence,
  connected_account: row.connectedAccount,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});
