import { z } from 'zod';
import type { commissions } from '@/db/schema';
import { currencyCode, iso, isoOrNull, timestamp, uuid } from './common';
import { COMMISSION_KINDS, COMMISSION_STATUSES, REWARD_TYPES } from '../model/enums';

export const commissionStatus = z.enum(COMMISSION_STATUSES);

export const commissionRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    conversion_id: uuid,
    amount: z.number().int().describe('minor currency units; negative for a clawback'),
    currency: currencyCode,
    status: commissionStatus,
    period_index: z.number().int(),
    created_at: timestamp,
  })
  .meta({ id: 'Commission' });

export type CommissionRecord = z.infer<typeof commissionRecord>;

export const presentCommission = (row: typeof commissions.$inferSelect): CommissionRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  conversion_id: row.conversionId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  period_index: row.periodIndex,
  created_at: iso(row.createdAt),
});

export const commissionKind = z.enum(COMMISSION_KINDS);

// The workspace's view: what the dashboard needs to review a commission and follow it into a
// payout. The affiliate's view (commissionRecord) stays without these.
export const commissionDetailRecord = commissionRecord
  .extend({
    kind: commissionKind.describe('clawback: the negative counterpart of a paid commission whose conversion was reversed'),
    computed_amount: z.number().int().describe('what the rule computed; amount differs when overridden'),
    reward_type: z.enum(REWARD_TYPES),
    rule_id: uuid.nullable(),
    payout_id: uuid.nullable(),
    hold_until: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'CommissionDetail' });

export type CommissionDetailRecord = z.infer<typeof commissionDetailRecord>;

export const presentCommissionDetail = (row: typeof commissions.$inferSelect): CommissionDetailRecord => ({
  ...presentCommission(row),
  kind: row.kind,
  computed_amount: row.computedAmount,
  reward_type: row.rewardType,
  rule_id: row.ruleId,
  payout_id: row.payoutId,
  hold_until: isoOrNull(row.holdUntil),
  updated_at: iso(row.updatedAt),
});
