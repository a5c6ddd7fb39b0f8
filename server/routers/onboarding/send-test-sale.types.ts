import { z } from 'zod';
import { currencyCode, uuid } from '../../contracts/common';

// Dashboard-only (not under /v1): the overview's "Send a test click and sale". Errors:
// invalid_state (no active campaign; no active affiliate in an active campaign), nothing written.
export const sendTestSaleInput = z.object({}).optional();

export const sendTestSaleOutput = z.object({
  data: z.object({
    click_id: uuid.nullable(),
    visitor_id: z.string().max(64),
    conversion_id: uuid,
    affiliate: z.object({ id: uuid, label: z.string().max(320) }),
    campaign: z.object({ id: uuid, name: z.string().max(200) }),
    amount: z.int().describe('the test sale, minor units'),
    currency: currencyCode,
    commission: z.object({
      amount: z.int().describe('what the rules gave the sale, minor units; not owed (a test sale earns nothing)'),
      currency: currencyCode.nullable(),
      reason: z.string().max(64).describe("the attribution receipt's reason: test_conversion when a rule applied"),
      rule: z.string().max(200).nullable(),
    }),
    commissions_created: z.int().describe('commissions written for the sale: always 0'),
  }),
});
