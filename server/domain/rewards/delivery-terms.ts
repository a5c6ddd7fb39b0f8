import type { rewards } from '@/db/schema';
import { MAX_FREE_MONTHS } from '../../contracts/terms';
import { invalid } from '../../errors/errors';

// How a library reward is delivered (docs/rewards-in-billing.md), checked whole after a create or
// a patch merged into the current reward. A reward delivered in the billing system is never paid
// out too: it is non_cash, which payouts leave out.

type Reward = typeof rewards.$inferSelect;
export type DeliveryChange = {
  type?: Reward['type'];
  delivery?: Reward['delivery'];
  delivery_target?: Reward['deliveryTarget'];
  delivery_months?: number | null;
};
export type DeliveryFields = Pick<Reward, 'type' | 'delivery' | 'deliveryTarget' | 'deliveryMonths'>;

const DEFAULTS: DeliveryFields = { type: 'cash', delivery: 'payout', deliveryTarget: 'customer', deliveryMonths: null };

/** The delivery after `change` over `current` (a new reward: the defaults); invalid_request when it does not hold together. */
export function resolveDelivery(change: DeliveryChange, current: DeliveryFields = DEFAULTS): DeliveryFields {
  const delivery = change.delivery ?? current.delivery;
  const inBilling = delivery !== 'payout';
  if (inBilling && change.type === 'cash') throw invalid('type', `cash is paid out; a reward delivered as ${delivery} is non_cash`);
  // switching to a billing delivery makes the reward non_cash; back to payout keeps its type
  const type = change.type ?? (inBilling ? 'non_cash' : current.type);
  let months = change.delivery_months !== undefined ? change.delivery_months : current.deliveryMonths;
  if (delivery !== 'free_months') {
    if (change.delivery_months != null) throw invalid('delivery_months', 'only with delivery free_months');
    months = null;
  } else if (months == null || !Number.isInteger(months) || months < 1 || months > MAX_FREE_MONTHS) {
    throw invalid('delivery_months', `required with free_months: 1 to ${MAX_FREE_MONTHS}`);
  }
  const deliveryTarget = change.delivery_target ?? current.deliveryTarget;
  return { type, delivery, deliveryTarget, deliveryMonths: months };
}
