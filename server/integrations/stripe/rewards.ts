import type Stripe from 'stripe';
import { commissionRef, DeliveryRefused, type BillingRewards, type ResolvedDelivery } from '../rewards/billing-rewards';
import { stripeCall, stripeClient } from './api';

// Rewards delivered in the merchant's Stripe account (docs/rewards-in-billing.md): account credit
// is a customer balance transaction (negative: credit), free months a 100 %-off repeating coupon
// on the customer's subscription. Every write carries an idempotency key made of the commission
// id, so a retry after a lost answer returns the object already made instead of a second one.

const idem = (d: ResolvedDelivery, step: string) => ({ idempotencyKey: `refcount-reward-${d.commissionId}${step}` });

/** The sale's subscription, else the customer's active one (a one-time sale, or the affiliate as a customer). */
async function subscriptionOf(stripe: Stripe, d: ResolvedDelivery): Promise<string> {
  if (d.subscriptionId) return d.subscriptionId;
  const list = await stripeCall('Subscriptions: read', () => stripe.subscriptions.list({ customer: d.customerId, status: 'active', limit: 1 }));
  const sub = list.data[0];
  if (!sub) throw new DeliveryRefused('the customer has no active subscription to make months free on');
  return sub.id;
}

const couponOf = (discount: string | Stripe.Discount) => {
  if (typeof discount === 'string') return null;
  const coupon = discount.source?.coupon;
  return typeof coupon === 'string' ? coupon : (coupon?.id ?? null);
};

export const stripeRewards: BillingRewards = {
  async credit(key, d) {
    const stripe = stripeClient(key);
    const tx = await stripeCall('Customers: write', () =>
      stripe.customers.createBalanceTransaction(
        d.customerId,
        { amount: -(d.amount ?? 0), currency: d.currency ?? 'usd', description: 'Referral reward (Refcount)', metadata: commissionRef(d) },
        idem(d, ''),
      ),
    );
    return { providerObjectId: tx.id, subscriptionId: null };
  },

  async freeMonths(key, d) {
    const stripe = stripeClient(key);
    const subscriptionId = await subscriptionOf(stripe, d);
    const coupon = await stripeCall('Coupons: write', () =>
      stripe.coupons.create(
        { percent_off: 100, duration: 'repeating', duration_in_months: d.months ?? 1, name: `${d.months} free months (referral)`, metadata: commissionRef(d) },
        idem(d, '-coupon'),
      ),
    );
    // The subscription's other discounts (the affiliate's customer discount, say) stay on it.
    const sub = await stripeCall('Subscriptions: read', () => stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] }));
    if (!sub.discounts.some((x) => couponOf(x) === coupon.id)) {
      const kept = sub.discounts.map((x) => ({ discount: typeof x === 'string' ? x : x.id }));
      await stripeCall('Subscriptions: write', () => stripe.subscriptions.update(subscriptionId, { discounts: [...kept, { coupon: coupon.id }] }, idem(d, '-apply')));
    }
    return { providerObjectId: coupon.id, subscriptionId };
  },

  async takeBack(key, d) {
    const stripe = stripeClient(key);
    if (d.kind === 'free_months') {
      // The months not yet billed stop being free; those already given cannot be taken back.
      const subscriptionId = d.subscriptionId;
      if (subscriptionId) {
        const sub = await stripeCall('Subscriptions: read', () => stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] }));
        const ours = sub.discounts.filter((x) => couponOf(x) === d.providerObjectId);
        if (ours.length) {
          const kept = sub.discounts.filter((x) => !ours.includes(x)).map((x) => ({ discount: typeof x === 'string' ? x : x.id }));
          // an empty list is not sent at all by the client: '' is Stripe's "no discounts"
          await stripeCall('Subscriptions: write', () => stripe.subscriptions.update(subscriptionId, { discounts: kept.length ? kept : '' }));
        }
      }
      return { reversed: 0, shortfall: 0 };
    }
    const credited = d.amount ?? 0;
    // A reversal made before an answer was lost is found by its metadata, not made twice.
    const recent = await stripeCall('Customers: read', () => stripe.customers.listBalanceTransactions(d.customerId, { limit: 100 }));
    const earlier = recent.data.find((t) => t.metadata?.refcount_commission_id === d.commissionId && t.metadata?.refcount_reversal === 'true');
    if (earlier) return { reversed: earlier.amount, shortfall: credited - earlier.amount };
    // Credit is a negative balance; what the customer already spent of it is no longer there.
    const customer = await stripeCall('Customers: read', () => stripe.customers.retrieve(d.customerId));
    const unused = customer.deleted ? 0 : Math.max(0, -customer.balance);
    const back = Math.min(credited, unused);
    if (back > 0) {
      await stripeCall('Customers: write', () =>
        stripe.customers.createBalanceTransaction(
          d.customerId,
          { amount: back, currency: d.currency ?? 'usd', description: 'Referral reward taken back: the sale was refunded (Refcount)', metadata: { ...commissionRef(d), refcount_reversal: 'true' } },
          idem(d, '-reversal'),
        ),
      );
    }
    return { reversed: back, shortfall: credited - back };
  },
};
