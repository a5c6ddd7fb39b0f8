import { z } from 'zod';
import { MAX_TOUCHES } from './limits';
import { currencyCode, text, uuid } from './common';
import type { conversions } from '@/db/schema';

// GET /v1/conversions/{id}/attribution: the receipt the commission engine stores in
// conversions.attribution when it attributes a conversion. Every field is optional in what is
// stored (older rows, conversions seeded or moved by hand); the answer always carries them all.
// Loose objects: a field the engine adds later passes through rather than vanishing.

const maybe = <T extends z.ZodType>(t: T) => t.nullable().optional();

export const attributionTouch = z
  .looseObject({
    click_id: maybe(text(36)),
    affiliate_id: maybe(text(36)),
    ts: maybe(text(32)),
    match_method: maybe(text(32)),
    chosen: maybe(z.boolean()).describe('the touch that won under the campaign model'),
  })
  .meta({ id: 'AttributionTouch' });

const basisPart = z.enum(['tax', 'fee']);
const minor = z.number().int();

export const revenueBasis = z
  .looseObject({
    amount: minor.describe("the sale's amount, minor units: what the customer paid, after discount"),
    tax: minor.nullable().describe('tax included in the amount as the sale reported it; null: not reported'),
    fee: minor.nullable().describe("the payment provider's fee as the sale reported it; null: not reported"),
    excluded: z.array(basisPart).max(2).describe('parts taken off the amount, as the campaign asks'),
    not_reported: z.array(basisPart).max(2).describe('parts the campaign would take off but the sale did not report: nothing taken off for them'),
    basis: minor.describe('amount less the excluded parts, never below 0: what the percent rule applied to'),
  })
  .meta({ id: 'RevenueBasis' });

const receiptCode = z.looseObject({ id: text(36), code: text(64) });

const storedReceipt = z.looseObject({
  model: maybe(text(32)),
  method: maybe(text(32)),
  code: maybe(receiptCode),
  confidence: maybe(z.number()),
  touches: maybe(z.array(attributionTouch).max(MAX_TOUCHES)),
  rule: maybe(z.looseObject({ id: maybe(text(36)), kind: maybe(text(32)), name: maybe(text(200)) })),
  amount: maybe(z.number()),
  currency: maybe(currencyCode),
  revenue_basis: maybe(revenueBasis),
  reason: maybe(text(500)),
});

export const attributionRecord = z
  .looseObject({
    conversion_id: uuid,
    model: text(32).nullable().describe('attribution model applied: last_click or first_click'),
    method: text(32).nullable().describe('how the conversion found its affiliate: customer, code, cookie, fingerprint, ip, manual_code, ref…'),
    code: receiptCode
      .nullable()
      .describe("the affiliate code that attributed it (method code): its id (GET /v1/affiliates/{id}/codes) and its text")
      .meta({ id: 'AttributionCode' }),
    confidence: z.number().nullable(),
    touches: z.array(attributionTouch).max(MAX_TOUCHES).describe('candidate clicks inside the cookie window'),
    rule: z
      .looseObject({ id: maybe(text(36)), kind: maybe(text(32)), name: maybe(text(200)) })
      .nullable()
      .describe('the commission rule that won, or null'),
    amount: z.number().nullable().describe('commission computed, minor currency units'),
    currency: currencyCode.nullable(),
    revenue_basis: revenueBasis
      .nullable()
      .describe("what a percent rule applied to (docs/commissions.md#revenue-basis); null for a flat rule, no rule, or a conversion recorded before it was shown"),
    reason: text(500).nullable().describe('why nothing or something unusual was computed'),
  })
  .meta({ id: 'Attribution' });

export type AttributionRecord = z.infer<typeof attributionRecord>;

/** The stored receipt, or one rebuilt from the conversion's own match columns when none is usable. */
export function presentAttribution(row: typeof conversions.$inferSelect): AttributionRecord {
  const parsed = storedReceipt.safeParse(row.attribution);
  const r: z.infer<typeof storedReceipt> = parsed.success ? parsed.data : {};
  return {
    ...r,
    conversion_id: row.id,
    model: r.model ?? null,
    method: r.method ?? row.matchMethod ?? null,
    code: r.code ?? null,
    confidence: r.confidence ?? row.matchConfidence ?? null,
    touches: r.touches ?? [],
    rule: r.rule ?? null,
    amount: r.amount ?? null,
    currency: r.currency ?? row.currency,
    revenue_basis: r.revenue_basis ?? null,
    reason: r.reason ?? null,
  };
}
