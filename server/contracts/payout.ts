import { z } from 'zod';
import { MAX_COMMISSIONS_PER_BATCH } from './limits';
import type { payouts } from '@/db/schema';
import { currencyCode, iso, isoOrNull, text, timestamp, uuid } from './common';
import { PAYOUT_OUTCOMES, PAYOUT_RAILS, PAYOUT_STATUSES } from '../model/enums';

/** A payout's reference (POST /v1/payouts/{id}/status): longer than any provider's transaction id. */
export const PAYOUT_REFERENCE_MAX = 200;
/** A payout marked paid by hand can be set back to pending for this long (POST /v1/payouts/{id}/undo). */
export const PAYOUT_UNDO_HOURS = 24;
export const payoutReference = z.string().trim().min(1).max(PAYOUT_REFERENCE_MAX).describe('a PayPal transaction id, a bank reference: what finds the payment again');

export const payoutStatus = z.enum(PAYOUT_STATUSES);

export const payoutRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    amount: z.number().int().describe('minor currency units'),
    currency: currencyCode,
    status: payoutStatus,
    commission_ids: z.array(uuid).max(MAX_COMMISSIONS_PER_BATCH),
    batch_id: uuid.nullable().describe('the POST /v1/payouts run that made it'),
    rail: z.enum(PAYOUT_RAILS).nullable().describe('how it was sent; null until sent (manual lines are paid from the CSV)'),
    provider_ref: text(255).nullable().describe("the provider's object, e.g. the Stripe transfer tr_…"),
    failure_reason: text(500).nullable().describe('why it failed, came back or could not be sent, in our words'),
    reference: text(PAYOUT_REFERENCE_MAX).nullable().describe('what the merchant noted when marking it by hand: a PayPal transaction id, a bank reference'),
    sent_at: timestamp.nullable(),
    created_at: timestamp,
    paid_at: timestamp.nullable(),
    undo_until: timestamp.nullable().describe('marked paid by hand: until when POST /v1/payouts/{id}/undo sets it back to pending (paid_at + 24 h); null otherwise'),
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
  batch_id: row.batchId,
  rail: row.rail,
  provider_ref: row.providerRef,
  failure_reason: row.failureReason,
  reference: row.reference,
  sent_at: isoOrNull(row.sentAt),
  created_at: iso(row.createdAt),
  paid_at: isoOrNull(row.paidAt),
  undo_until: row.status === 'paid' && !row.rail && row.paidAt ? iso(new Date(row.paidAt.getTime() + PAYOUT_UNDO_HOURS * 3_600_000)) : null,
});

/** Where a pending payout can go: paid settles its commissions, failed/canceled release them. */
export const payoutOutcome = z.enum(PAYOUT_OUTCOMES);
