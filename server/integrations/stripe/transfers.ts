import Stripe from 'stripe';
import { returnPayout } from '../../domain/payouts/rail-answers';
import type { RailAnswer, TransferRail } from '../../domain/payouts/rails';
import { applied, ignored, type Handler } from '../provider';
import { stripeClient } from './api';
import { transferSchema } from './schemas';

// Payouts sent through Stripe Connect (docs/paying-affiliates.md#sending-a-batch): one transfer
// per payout line from the merchant's balance to the affiliate's Express account. The key is
// the line's id, so a retry of any kind answers the transfer already made.

export const payoutIdempotencyKey = (payoutId: string) => `refcount-payout-${payoutId}`;

// Stripe's refusals of a transfer, in our words (never its message, which may quote the key).
const REFUSALS: Record<string, string> = {
  balance_insufficient: 'the Stripe balance is too low for this transfer',
  insufficient_funds: 'the Stripe balance is too low for this transfer',
  account_invalid: 'the connected account cannot receive transfers',
  resource_missing: 'the connected account was not found in Stripe',
  transfers_not_allowed: 'Stripe does not allow transfers to this account',
  amount_too_small: 'the amount is below the smallest transfer Stripe makes',
};

/** What Stripe's error means for the line: a refusal fails it, anything else leaves it to be retried. */
function answerOf(err: unknown): RailAnswer {
  if (!(err instanceof Stripe.errors.StripeError)) return { outcome: 'unknown', reason: 'Stripe did not answer' };
  const status = err.statusCode ?? 0;
  // 409: the same key is still in flight (a concurrent finisher); 429 and 5xx: try again later
  if (!status || status === 409 || status === 429 || status >= 500) return { outcome: 'unknown', reason: `Stripe answered ${status || 'nothing'}` };
  if (status === 401) return { outcome: 'failed', reason: 'Stripe refused the API key' };
  if (status === 403) return { outcome: 'failed', reason: 'the Stripe API key lacks the Transfers: write permission' };
  return { outcome: 'failed', reason: (err.code && REFUSALS[err.code]) ?? `Stripe refused the transfer (${err.code ?? status})` };
}

/** The Stripe Connect rail of a workspace whose Stripe integration has an API key. */
export function stripeRail(apiKey: string, client: Stripe = stripeClient(apiKey)): TransferRail {
  return {
    name: 'stripe_connect',
    async transfer(line) {
      try {
        const t = await client.transfers.create(
          { amount: line.amount, currency: line.currency, destination: line.destination, transfer_group: line.batchId, metadata: { refcount_payout_id: line.id } },
          { idempotencyKey: payoutIdempotencyKey(line.id) },
        );
        return { outcome: 'paid', ref: t.id };
      } catch (err) {
        return answerOf(err);
      }
    },
  };
}

/** transfer.reversed: a paid line whose transfer is fully reversed comes back; its commissions are unpaid again. */
export const transferReversed: Handler = async ({ ctx, object }) => {
  const t = transferSchema.parse(object);
  if (!t.reversed) return ignored('partial_reversal', `${t.id}: ${t.amount_reversed} of ${t.amount} reversed; the line stays paid`);
  const line = await returnPayout({ ctx, providerRef: t.id, reason: 'reversed: the Stripe transfer was reversed' });
  return line ? applied('payout_returned', `payout ${line.id} returned (${t.id} reversed)`) : ignored('no_paid_payout', `no paid payout was sent as ${t.id}`);
};
