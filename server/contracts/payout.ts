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
    sent_at: timestamp.nullable(),
    created_at: timestamp,
    paid_at: timestamp.nullable(),
  })
  .meta({ id: 'Payout' });

/**
 * The workspace's view of a payout (/v1/payouts): the affiliate's, and what only the program
 * manages, its note of a payment made by hand and until when marking it paid can be undone. An
 * affiliate's answers (/v1/affiliate/payouts, the portal) keep to payoutRecord, which drops these.
 */
export const workspacePayoutRecord = payoutRecord
  .extend({
    reference: text(PAYOUT_REFERENCE_MAX).nullable().describe('what the merchant noted when marking it by hand: a PayPal transaction id, a bank reference'),
    undo_until: timestamp.nullable().describe('marked paid by hand: until when POST /v1/payouts/{id}/undo sets it back to pending (paid_at + 24 h); null otherwise'),
  })
  .meta({ id: 'WorkspacePayout' });

export type PayoutRecord = z.infer<typeof workspacePayoutRecord>;
/** A payout row with the ids of the commissions it pays (commissions.payout_id). */
export type PayoutWithCommissions = typeof payouts.$inferSelect & { commissionIds: string[] };

/** A payout as its affiliate sees it (payoutRecord). */
export const presentPayout = (row: PayoutWithCommissions): z.infer<typeof payoutRecord> => ({
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
  sent_at: isoOrNull(row.sentAt),
  created_at: iso(row.createdAt),
  paid_at: isoOrNull(row.paidAt),
});

/** A payout as the workspace sees it (workspacePayoutRecord): /v1/payouts and its webhook events. */
export const presentWorkspacePayout = (row: PayoutWithCommissions): PayoutRecord => ({
  ...presentPayout(row),
  reference: row.reference,
  undo_until: row.status === 'paid' && !row.rail && row.paidAt ? iso(new Date(row.paidAt.getTime() + PAYOUT_UNDO_HOURS * 3_600_000)) : null,
});

/** Where a pending payout can go: paid settles its commissions, failed/canceled release them. */
export const payoutOutcome = z.enum(PAYOUT_OUTCOMES);
