import { z } from 'zod';
import { MAX_COMMISSIONS_PER_BATCH } from './limits';
import type { payouts } from '@/db/schema';
import { currencyCode, iso, isoOrNull, timestamp, uuid } from './common';
import { PAYOUT_OUTCOMES, PAYOUT_STATUSES } from '../model/enums';

export const payoutStatus = z.enum(PAYOUT_STATUSES);

export const payoutRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    amount: z.number().int().describe('minor currency units'),
    currency: currencyCode,
    status: payoutStatus,
    commission_ids: z.array(uuid).max(MAX_COMMISSIONS_PER_BATCH),
    created_at: timestamp,
    paid_at: timestamp.nullable(),
  })
  .meta({ id: 'Payout' });

export type PayoutRecord = z.infer<typeof payoutRecord>;
/** A payout row with the ids of the commissions it pays (commissions.payout_id). */
export type PayoutWithCommissions = typeof payouts.$inferSelect & { commissionIds: string[] };

export const presentPayout = (row: PayoutWithCommissions): PayoutRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  commission_ids: row.commissionIds,
  created_at: iso(row.createdAt),
  paid_at: isoOrNull(row.paidAt),
});

/** Where a pending payout can go: paid settles its commissions, failed/canceled release them. */
export const payoutOutcome = z.enum(PAYOUT_OUTCOMES);
