import { and, eq } from 'drizzle-orm';
import { payouts } from '@/db/schema';
import { recordAnswer, returnPayout } from '../../domain/payouts/rail-answers';
import { isUuid } from '../../lib/ids';
import { applied, ignored, type Handler } from '../provider';
import type { PayoutItem } from './api';
import { answerOfItem, meaningOf, takenBack } from './item-states';
import { payoutItemSchema } from './schemas';

/**
 * PAYMENT.PAYOUTS-ITEM.*: how one item of a PayPal payout ended (docs/paying-affiliates.md#paypal-payouts).
 * The item names its line by sender_item_id (the line's id), looked up in this workspace only. A
 * processing line takes the item's answer, as a read of the batch would; a paid line whose money
 * PayPal took back (returned, refunded, reversed) becomes returned. Anything else, and the same
 * news delivered again, changes nothing.
 */
export const payoutItemEvent: Handler = async ({ ctx, object }) => {
  const item = payoutItemSchema.parse(object) as unknown as PayoutItem;
  const id = item.payout_item.sender_item_id;
  const status = item.transaction_status;
  const [line] = isUuid(id)
    ? await ctx.db.select().from(payouts).where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.id, id), eq(payouts.rail, 'paypal')))
    : [];
  if (!line) return ignored('no_payout', `no PayPal payout line has the id ${id.slice(0, 64)}`);
  if (!meaningOf(status)) return ignored('unknown_state', `payout ${id}: PayPal state ${status.slice(0, 64)} is not one Refcount knows; the line stays ${line.status}`);
  if (line.status === 'processing') {
    const row = await recordAnswer({ ctx, id, answer: answerOfItem(item) });
    if (row.status === 'processing') return ignored('still_processing', `payout ${id}: ${status}, not final yet`);
    return applied(row.status === 'paid' ? 'payout_paid' : 'payout_failed', `payout ${id} ${row.status} (${status})`);
  }
  if (line.status === 'paid' && takenBack(status)) {
    const reason = answerOfItem(item);
    const row = await returnPayout({ ctx, providerRef: line.providerRef ?? item.payout_item_id, reason: reason.outcome === 'failed' ? reason.reason : status.toLowerCase() });
    if (row) return applied('payout_returned', `payout ${id} returned (${status})`);
  }
  return ignored('already_recorded', `payout ${id} is ${line.status}; ${status} changes nothing`);
};
