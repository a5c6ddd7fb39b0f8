import { z } from 'zod';
import type { rewards } from '@/db/schema';
import { hundredthsToPercent } from '../model/money';
import { currency, currencyCode } from './common';
import { APPLIES_TO_INTERVALS, LENGTH_TYPES, REWARD_DELIVERIES, REWARD_DELIVERY_TARGETS, REWARD_TYPES } from '../model/enums';

// Terms shared by commission rules and library rewards (docs/campaigns-and-rules.md#commission-rules).
export const lengthType = z.enum(LENGTH_TYPES);
export const appliesToInterval = z.enum(APPLIES_TO_INTERVALS);
export const rewardType = z.enum(REWARD_TYPES);
export const rateAmount = z
  .number()
  .positive()
  .describe('a percentage (0 < amount <= 100, at most 2 decimals), or integer minor units when is_flat');
export const lengthMonths = z
  .number()
  .int()
  .min(1)
  .max(1200)
  .describe('months of recurring payments that earn commission; only with length_type limited');

/** Terms as a request states them: any subset, completed and checked by the domain. */
export const termsInput = z.strictObject({
  is_flat: z.boolean().optional(),
  amount: rateAmount.optional(),
  currency: currency.nullable().optional().describe('flat amounts only; defaults to the workspace currency'),
  length_type: lengthType.optional(),
  length_months: lengthMonths.nullable().optional(),
  applies_to_interval: appliesToInterval.optional(),
});
export type TermsInput = z.infer<typeof termsInput>;

export const termsFields = {
  is_flat: z.boolean(),
  amount: z.number(),
  currency: currencyCode.nullable(),
  length_type: lengthType,
  length_months: z.number().int().nullable(),
  applies_to_interval: appliesToInterval,
};

export type StoredTerms = Pick<
  typeof rewards.$inferSelect,
  'isFlat' | 'amount' | 'currency' | 'lengthType' | 'lengthMonths' | 'appliesToInterval'
>;

/** Percent amounts are stored in hundredths of a percent so the engine only does integer math. */
export const apiAmount = (isFlat: boolean, stored: number): number => (isFlat ? stored : hundredthsToPercent(stored));

export const presentTerms = (t: StoredTerms) => ({
  is_flat: t.isFlat,
  amount: apiAmount(t.isFlat, t.amount),
  currency: t.currency,
  length_type: t.lengthType,
  length_months: t.lengthMonths,
  applies_to_interval: t.appliesToInterval,
});

// How a reward is delivered (docs/rewards-in-billing.md), on a library reward and the rules copied from it.
export const MAX_FREE_MONTHS = 36;
export const rewardDelivery = z
  .enum(REWARD_DELIVERIES)
  .describe('payout (default: paid by payouts, cash or non-cash), account_credit (the commission as billing credit) or free_months');
export const rewardDeliveryTarget = z
  .enum(REWARD_DELIVERY_TARGETS)
  .describe('who gets account credit or free months: the referred customer (default) or the affiliate as a billing customer');
export const deliveryMonths = z.number().int().min(1).max(MAX_FREE_MONTHS).describe('free_months only: how many months are free');

export const deliveryFields = {
  delivery: rewardDelivery,
  delivery_target: rewardDeliveryTarget,
  delivery_months: z.number().int().nullable(),
};

export type StoredDelivery = Pick<typeof rewards.$inferSelect, 'delivery' | 'deliveryTarget' | 'deliveryMonths'>;

export const presentDelivery = (d: StoredDelivery) => ({
  delivery: d.delivery,
  delivery_target: d.deliveryTarget,
  delivery_months: d.deliveryMonths,
});
