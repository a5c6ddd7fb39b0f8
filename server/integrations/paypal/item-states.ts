import type { RailAnswer } from '../../domain/payouts/rails';
import type { ItemStatus, PayoutItem } from './api';

// What a PayPal payout item's state means for its line (docs/paying-affiliates.md#paypal-payouts),
// one table for the batch read and the webhooks alike.

type Meaning = { outcome: 'paid' } | { outcome: 'failed'; returned: boolean; words: string } | { outcome: 'pending' };

const STATES: Record<ItemStatus, Meaning> = {
  SUCCESS: { outcome: 'paid' },
  FAILED: { outcome: 'failed', returned: false, words: 'failed: PayPal could not pay this item' },
  BLOCKED: { outcome: 'failed', returned: false, words: 'blocked: PayPal blocked this item' },
  DENIED: { outcome: 'failed', returned: false, words: 'denied: PayPal denied this item' },
  CANCELED: { outcome: 'failed', returned: false, words: 'canceled: the unclaimed item was canceled and the money came back' },
  RETURNED: { outcome: 'failed', returned: true, words: 'returned: the receiver did not claim the payment within 30 days' },
  REFUNDED: { outcome: 'failed', returned: true, words: 'refunded: the receiver refunded the payment' },
  REVERSED: { outcome: 'failed', returned: true, words: 'reversed: PayPal reversed the payment' },
  // Not final: PayPal is still paying it, holds it for review, or waits for the receiver to
  // claim it (an unclaimed item comes back as RETURNED after 30 days).
  PENDING: { outcome: 'pending' },
  NEW: { outcome: 'pending' },
  ONHOLD: { outcome: 'pending' },
  UNCLAIMED: { outcome: 'pending' },
};

// PayPal's error names are upper-case words; anything else is left out of our reason.
const errorName = (item: PayoutItem) => (item.errors?.name && /^[A-Z_]{1,64}$/.test(item.errors.name) ? ` (${item.errors.name})` : '');

/** The state of an item as PayPal reports it, or undefined for a state PayPal has not documented. */
export const meaningOf = (status: string): Meaning | undefined => (Object.hasOwn(STATES, status) ? STATES[status as ItemStatus] : undefined);

/** The answer an item gives its line: paid, failed or returned with the reason, or still pending. */
export function answerOfItem(item: PayoutItem): RailAnswer {
  const meaning = meaningOf(item.transaction_status);
  const refs = { ref: item.payout_item_id, batchRef: item.payout_batch_id };
  if (!meaning || meaning.outcome === 'pending') return { outcome: 'pending', ...refs };
  if (meaning.outcome === 'paid') return { outcome: 'paid', ...refs };
  return { outcome: 'failed', returned: meaning.returned, reason: `${meaning.words}${errorName(item)}`, ...refs };
}

/** Whether PayPal took back an item it had paid (the line is paid already: it becomes returned). */
export const takenBack = (status: string) => status === 'RETURNED' || status === 'REFUNDED' || status === 'REVERSED';
