import { z } from 'zod';
import type { affiliates } from '@/db/schema';

// GET /v1/payouts/preview: the batch POST /v1/payouts would create now, and who it would leave out.

const minor = z.number().int().describe('minor currency units');

const previewAffiliate = z
  .object({ name: z.string().nullable(), email: z.string().nullable(), ref_code: z.string(), status: z.string() })
  .nullable()
  .describe('embedded for display; null only if the affiliate row is gone');

export const plannedPayoutRecord = z
  .object({
    affiliate_id: z.uuid(),
    amount: minor.describe('net of clawbacks, minor currency units'),
    currency: z.string(),
    commission_ids: z.array(z.uuid()),
    affiliate: previewAffiliate,
  })
  .meta({ id: 'PlannedPayout' });

export const skipReason = z.enum(['commissions_held', 'net_not_positive', 'below_min_payout']);

export const skippedPayoutRecord = plannedPayoutRecord
  .extend({
    reason: skipReason.describe(
      'commissions_held: a manager holds the affiliate (checked first); net_not_positive: clawbacks cancel the earnings; below_min_payout: net under the workspace min_payout',
    ),
  })
  .meta({ id: 'SkippedPayout' });

export const payoutPreviewRecord = z
  .object({
    payouts: z.array(plannedPayoutRecord).describe('the payouts a batch created now would hold, in the order it creates them'),
    skipped: z.array(skippedPayoutRecord).describe('groups left out; their commissions stay approved for a later batch'),
    total_by_currency: z.record(z.string(), minor).describe('sum of the planned payouts per currency'),
    min_payout: minor,
  })
  .meta({ id: 'PayoutPreview' });

export type PayoutPreviewRecord = z.infer<typeof payoutPreviewRecord>;
type Group = { affiliateId: string; currency: string; amount: number; commissionIds: string[] };
type SkipReason = z.infer<typeof skipReason>;
type AffiliateRow = Pick<typeof affiliates.$inferSelect, 'id' | 'name' | 'email' | 'refCode' | 'status'>;

export function presentPayoutPreview(plan: {
  payouts: Group[];
  skipped: (Group & { reason: SkipReason })[];
  minPayout: number;
  affiliates: AffiliateRow[];
}): PayoutPreviewRecord {
  const byId = new Map(plan.affiliates.map((a) => [a.id, a]));
  const present = (g: Group) => {
    const a = byId.get(g.affiliateId);
    return {
      affiliate_id: g.affiliateId,
      amount: g.amount,
      currency: g.currency,
      commission_ids: g.commissionIds,
      affiliate: a ? { name: a.name, email: a.email, ref_code: a.refCode, status: a.status } : null,
    };
  };
  const totals: Record<string, number> = {};
  for (const p of plan.payouts) totals[p.currency] = (totals[p.currency] ?? 0) + p.amount;
  return {
    payouts: plan.payouts.map(present),
    skipped: plan.skipped.map((s) => ({ ...present(s), reason: s.reason })),
    total_by_currency: totals,
    min_payout: plan.minPayout,
  };
}
