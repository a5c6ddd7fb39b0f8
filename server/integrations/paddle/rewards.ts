import type { CurrencyCode, Paddle } from '@paddle/paddle-node-sdk';
import { commissionRef, DeliveryRefused, type BillingRewards, type ResolvedDelivery } from '../rewards/billing-rewards';
import { paddleCall, paddleClient } from './api';

// Rewards delivered in the merchant's Paddle account (docs/rewards-in-billing.md). Paddle Billing
// has no customer credit balance that an API can add to, so account credit is a one-time discount
// of the commission's amount on the subscription's next bill, and free months a 100 % discount
// recurring for N billing periods. Paddle takes no idempotency key: the discount's code is the
// commission id (never usable at checkout), and a retry finds the discount by it before making one.

/** The discount's code: the commission id without dashes (32 of [A-Za-z0-9], Paddle's limit). */
export const rewardDiscountCode = (commissionId: string) => `R${commissionId.replace(/-/g, '').slice(1)}`.toUpperCase();

async function subscriptionOf(paddle: Paddle, d: ResolvedDelivery): Promise<string> {
  if (d.subscriptionId) return d.subscriptionId;
  const page = await paddleCall('subscription.read', () => paddle.subscriptions.list({ customerId: [d.customerId], status: ['active'], perPage: 1 }).next());
  if (!page[0]) throw new DeliveryRefused('the customer has no active subscription to apply the reward to');
  return page[0].id;
}

async function discountFor(paddle: Paddle, d: ResolvedDelivery) {
  const code = rewardDiscountCode(d.commissionId);
  const [existing] = await paddleCall('discount.read', () => paddle.discounts.list({ code: [code], perPage: 1 }).next());
  if (existing) return existing;
  const credit = d.kind === 'account_credit';
  return paddleCall('discount.write', () =>
    paddle.discounts.create({
      description: credit ? 'Referral reward: account credit (Refcount)' : `Referral reward: ${d.months} free months (Refcount)`,
      code,
      enabledForCheckout: false,
      customData: commissionRef(d),
      ...(credit
        ? { type: 'flat', amount: String(d.amount ?? 0), currencyCode: (d.currency ?? 'usd').toUpperCase() as CurrencyCode, recur: false }
        : { type: 'percentage', amount: '100', recur: true, maximumRecurringIntervals: d.months ?? 1 }),
    }),
  );
}

async function deliver(key: string, d: ResolvedDelivery) {
  const paddle = paddleClient(key);
  const subscriptionId = await subscriptionOf(paddle, d);
  const discount = await discountFor(paddle, d);
  const sub = await paddleCall('subscription.read', () => paddle.subscriptions.get(subscriptionId));
  if (sub.discount?.id !== discount.id) {
    await paddleCall('subscription.write', () => paddle.subscriptions.update(subscriptionId, { discount: { id: discount.id, effectiveFrom: 'next_billing_period' } }));
  }
  return { providerObjectId: discount.id, subscriptionId };
}

export const paddleRewards: BillingRewards = {
  credit: deliver,
  freeMonths: deliver,
  async takeBack(key, d) {
    const paddle = paddleClient(key);
    const id = d.providerObjectId;
    if (!id) return { reversed: 0, shortfall: 0 };
    const discount = await paddleCall('discount.read', () => paddle.discounts.get(id));
    if (d.subscriptionId) {
      const subscriptionId = d.subscriptionId;
      const sub = await paddleCall('subscription.read', () => paddle.subscriptions.get(subscriptionId));
      if (sub.discount?.id === id) await paddleCall('subscription.write', () => paddle.subscriptions.update(subscriptionId, { discount: null }));
    }
    if (discount.status !== 'archived') await paddleCall('discount.write', () => paddle.discounts.archive(id));
    // A credit already used on a bill was spent: the shortfall. Months given are not counted.
    if (d.kind !== 'account_credit') return { reversed: 0, shortfall: 0 };
    const used = (discount.timesUsed ?? 0) > 0;
    return used ? { reversed: 0, shortfall: d.amount ?? 0 } : { reversed: d.amount ?? 0, shortfall: 0 };
  },
};
