import { z } from 'zod';
import { PAYOUT_SKIP_REASONS, PAYOUT_WAIT_REASONS } from '../model/enums';
import { MAX_COMMISSIONS_PER_BATCH } from './limits';
import { currencyCode, isoOrNull, text, timestamp, uuid } from './common';
import type { affiliates } from '@/db/schema';

// GET /v1/payouts/preview: the batch POST /v1/payouts would create now, and who it would leave out.

const minor = z.number().int().describe('minor currency units');

const previewAffiliate = z
  .object({ name: text(200).nullable(), email: text(254).nullable(), ref_code: text(64), status: text(32) })
  .nullable()
  .describe('embedded for display; null only if the affiliate row is gone');

export const plannedPayoutRecord = z
  .object({
    affiliate_id: uuid,
    amount: minor.describe('net of clawbacks, minor currency units'),
    currency: currencyCode,
    commission_ids: z.array(uuid).max(MAX_COMMISSIONS_PER_BATCH),
    affiliate: previewAffiliate,
  })
  .meta({ id: 'PlannedPayout' });

export const skipReason = z.enum(PAYOUT_SKIP_REASONS);

export const skippedPayoutRecord = plannedPayoutRecord
  .extend({
    reason: skipReason.describe(
      'commissions_held: a manager holds the affiliate (checked first); no_payout_method: the PayPal or Stripe method of the affiliate is not ready (docs/paying-affiliates.md#payout-methods); net_not_positive: clawbacks cancel the earnings; below_min_payout: net under the workspace min_payout; tax_form_required: no tax form and this year\'s payouts would pass tax_form_threshold (docs/paying-affiliates.md#tax-forms)',
    ),
  })
  .meta({ id: 'SkippedPayout' });

export const waitingReason = z.enum(PAYOUT_WAIT_REASONS);

export const waitingGroupRecord = z
  .object({
    affiliate_id: uuid,
    currency: currencyCode,
    reason: waitingReason.describe('not_approved: pending commissions a manager has not approved; in_hold_period: approved, but the hold period (hold_days after the sale) has not passed'),
    amount: minor.describe('sum of these commissions, minor currency units'),
    commission_count: z.number().int().min(1).max(MAX_COMMISSIONS_PER_BATCH),
    payable_from: timestamp.nullable().describe('the earliest moment one of them can be paid (the end of its hold; once approved for not_approved); null when no hold is left'),
    affiliate: previewAffiliate,
  })
  .meta({ id: 'WaitingCommissions' });

export const payoutPreviewRecord = z
  .object({
    payouts: z.array(plannedPayoutRecord).max(MAX_COMMISSIONS_PER_BATCH).describe('the payouts a batch created now would hold, in the order it creates them'),
    skipped: z.array(skippedPayoutRecord).max(MAX_COMMISSIONS_PER_BATCH).describe('groups left out; their commissions stay approved for a later batch'),
    waiting: z
      .array(waitingGroupRecord)
      .max(MAX_COMMISSIONS_PER_BATCH)
      .describe('unpaid commissions that are not due yet, per affiliate, currency and reason, oldest first'),
    total_by_currency: z.record(currencyCode, minor).describe('sum of the planned payouts per currency'),
    min_payout: minor,
  })
  .meta({ id: 'PayoutPreview' });

export type PayoutPreviewRecord = z.infer<typeof payoutPreviewRecord>;
type Group = { affiliateId: string; currency: string; amount: number; commissionIds: string[] };
type SkipReason = z.infer<typeof skipReason>;
type AffiliateRow = Pick<typeof affiliates.$inferSelect, 'id' | 'name' | 'email' | 'refCode' | 'status'>;

type Waiting = { affiliateId: string; currency: string; reason: z.infer<typeof waitingReason>; amount: number; count: number; payableFrom: Date | null };

export function presentPayoutPreview(plan: {
  payouts: Group[];
  skipped: (Group & { reason: SkipReason })[];
  waiting: Waiting[];
  minPayout: number;
  affiliates: AffiliateRow[];
}): PayoutPreviewRecord {
  const byId = new Map(plan.affiliates.map((a) => [a.id, a]));
  const who = (affiliateId: string) => {
    const a = byId.get(affiliateId);
    return a ? { name: a.name, email: a.email, ref_code: a.refCode, status: a.status } : null;
  };
  const present = (g: Group) => ({
    affiliate_id: g.affiliateId,
    amount: g.amount,
    currency: g.currency,
    commission_ids: g.commissionIds,
    affiliate: who(g.affiliateId),
  });
  const totals: Record<string, number> = {};
  for (const p of plan.payouts) totals[p.currency] = (totals[p.currency] ?? 0) + p.amount;
  return {
    payouts: plan.payouts.map(present),
    skipped: plan.skipped.map((s) => ({ ...present(s), reason: s.reason })),
    waiting: plan.waiting.map((w) => ({
      affiliate_id: w.affiliateId,
      currency: w.currency,
      reason: w.reason,
      amount: w.amount,
      commission_count: w.count,
      payable_from: isoOrNull(w.payableFrom),
      affiliate: who(w.affiliateId),
    })),
    total_by_currency: totals,
    min_payout: plan.minPayout,
  };
}
