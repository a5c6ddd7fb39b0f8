import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, commissions, integrationSales, rewardDeliveries, rewards } from '@/db/schema';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { stripe } from '../stripe/provider';
import { paddle } from '../paddle/provider';
import { rewardDiscountCode } from '../paddle/rewards';
import { startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { pid } from '../../testing/paddle/objects';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { sid } from '../../testing/stripe/objects';
import { deliverRewards, deliverWorkspaceRewards } from './deliveries';

// Rewards delivered in Stripe (docs/rewards-in-billing.md), through the official client against
// the local fake: delivered once however many jobs race, taken back on a refund in the hold, the
// used part recorded as a shortfall, free months as a coupon on the subscription, failures retried.

let h: StripeHarness;
let fake: FakeStripe;
let fakePaddle: FakePaddle;
beforeAll(async () => {
  h = await startStripeHarness();
  fake = await startFakeStripe();
  fakePaddle = await startFakePaddle();
  setProviderApiBases({ stripe: fake.url, paddle: fakePaddle.url });
});
afterAll(async () => {
  await fake.close();
  await fakePaddle.close();
  await h.close();
});

const newKey = () => `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;

/** A shop with an API key whose campaign's rule is copied from a reward with these fields. */
async function shopWith(reward: Record<string, unknown>) {
  const shop = await h.shop();
  const key = newKey();
  fake.key(key);
  await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
  const call = (method: string, path: string, body?: unknown) => h.api.call(method, path, { token: shop.program.token, body });
  const made = await call('POST', '/v1/rewards', { name: 'Credit', terms: { is_flat: true, amount: 1500, currency: 'usd' }, ...reward });
  expect(made.status).toBe(201);
  const rule = await call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, { library_reward_id: made.body.data.id });
  expect(rule.status).toBe(200);
  return { shop, key, call, reward: made.body.data };
}

/** A Stripe (or Paddle) sale of `customer` referred by affiliate A, as the receivers record it. */
async function stripeSale(shop: Shop, o: { customer: string; subscription?: string; provider?: string }) {
  const ref = o.provider === 'paddle' ? pid('txn') : sid('in');
  const conversionId = await shop.program.sale(ref, 10_000);
  // the job reads commissions a minute behind the clock (deliveries.ts, SCAN_LAG): this one as if written then
  await h.api.db.update(commissions).set({ createdAt: sql`${commissions.createdAt} - interval '2 minutes'` }).where(eq(commissions.conversionId, conversionId));
  await h.api.db.insert(integrationSales).values({
    workspaceId: shop.program.ws.id, provider: o.provider ?? 'stripe', saleRef: ref, customerId: o.customer, subscriptionId: o.subscription ?? null,
    paidAt: new Date(), amount: 10_000, chargedAmount: 10_000, conversionId,
  });
  const [commission] = await shop.program.ledger(conversionId);
  return { ref, conversionId, commission };
}

const deliveryOf = async (commissionId: string) => (await h.api.db.select().from(rewardDeliveries).where(eq(rewardDeliveries.commissionId, commissionId)))[0];
const txOf = (customer: string) => fake.billing.balanceTransactions.filter((t) => t.customer === customer);

describe('the library reward says how it is delivered', () => {
  it('account_credit makes the reward non_cash; bad combinations are refused and write nothing', async () => {
    const { call, reward } = await shopWith({ delivery: 'account_credit' });
    expect(reward).toMatchObject({ type: 'non_cash', delivery: 'account_credit', delivery_target: 'customer', delivery_months: null });
    const before = await h.api.db.select({ n: sql<number>`count(*)::int` }).from(rewards);
    for (const body of [
      { name: 'x', terms: { amount: 10 }, delivery: 'free_months' },
      { name: 'x', terms: { amount: 10 }, delivery: 'free_months', delivery_months: 37 },
      { name: 'x', terms: { amount: 10 }, delivery: 'account_credit', type: 'cash' },
      { name: 'x', terms: { amount: 10 }, delivery: 'payout', delivery_months: 2 },
    ]) {
      const res = await call('POST', '/v1/rewards', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(await h.api.db.select({ n: sql<number>`count(*)::int` }).from(rewards)).toEqual(before);
    const patched = await call('PATCH', `/v1/rewards/${reward.id}`, { delivery: 'free_months', delivery_months: 2 });
    expect(patched.body.data).toMatchObject({ delivery: 'free_months', delivery_months: 2, type: 'non_cash' });
  });
});

describe('account credit in Stripe', () => {
  it('is delivered once under 20 concurrent runs and replays, and shown on the commission', async () => {
    const { shop, call } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { commission } = await stripeSale(shop, { customer });
    expect(commission.rewardType).toBe('non_cash');
    await Promise.all(Array.from({ length: 20 }, () => deliverRewards(h.api.db)));
    expect(txOf(customer)).toHaveLength(1);
    expect(txOf(customer)[0]).toMatchObject({ amount: -1500, currency: 'usd', metadata: { refcount_commission_id: commission.id } });
    // an answer lost after the call: the row goes back to pending and the call is made again
    await h.api.db.update(rewardDeliveries).set({ state: 'pending', nextAttemptAt: new Date(0) }).where(eq(rewardDeliveries.commissionId, commission.id));
    await Promise.all(Array.from({ length: 20 }, () => deliverWorkspaceRewards(h.api.db, shop.program.ws.id)));
    expect(txOf(customer)).toHaveLength(1);
    expect(fake.billing.balances.get(customer)).toBe(-1500);
    const got = await call('GET', `/v1/commissions/${commission.id}`);
    expect(got.body.data.reward_delivery).toMatchObject({
      method: 'account_credit', state: 'delivered', provider: 'stripe', customer_id: customer, provider_object_id: txOf(customer)[0].id,
      amount: 1500, currency: 'usd', shortfall: 0, reversed_at: null,
    });
    const listed = await call('GET', `/v1/commissions?conversion_id=${commission.conversionId}`);
    expect(listed.body.data[0].reward_delivery.state).toBe('delivered');
    // a non_cash reward is never paid out: the payout's commissions leave it out
    expect(got.body.data.reward_type).toBe('non_cash');
  });

  it('a refund within the hold takes the credit back, once', async () => {
    const { shop } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { ref, commission } = await stripeSale(shop, { customer });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect((await shop.program.track('refund', { external_id: ref })).status).toBe(200);
    await Promise.all(Array.from({ length: 10 }, () => deliverWorkspaceRewards(h.api.db, shop.program.ws.id)));
    expect(txOf(customer).map((t) => t.amount)).toEqual([-1500, 1500]);
    expect(await deliveryOf(commission.id)).toMatchObject({ state: 'reversed', reversedAmount: 1500, shortfall: 0 });
    expect(fake.billing.balances.get(customer)).toBe(0);
    const audited = await h.api.db.select().from(auditEvents).where(eq(auditEvents.targetId, commission.id));
    expect(audited.map((e) => [e.action, e.actorType]).sort()).toEqual([['reward.delivered', 'system'], ['reward.taken_back', 'system']]);
  });

  it('a refund after the hold leaves the credit where it is', async () => {
    const { shop } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { ref, commission } = await stripeSale(shop, { customer });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    await h.api.db.update(rewardDeliveries).set({ holdUntil: new Date(Date.now() - 3 * 86_400_000) }).where(eq(rewardDeliveries.commissionId, commission.id));
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(txOf(customer).map((t) => t.amount)).toEqual([-1500]);
    expect((await deliveryOf(commission.id)).state).toBe('delivered');
  });

  it('credit already used is taken back as far as it remains; the rest is the shortfall', async () => {
    const { shop, call } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { ref, commission } = await stripeSale(shop, { customer });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    fake.billing.spendCredit(customer, 1000); // an invoice used 10.00 of the 15.00
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(txOf(customer).map((t) => t.amount)).toEqual([-1500, 500]);
    const got = await call('GET', `/v1/commissions/${commission.id}`);
    expect(got.body.data.reward_delivery).toMatchObject({ state: 'reversed', reversed_amount: 500, shortfall: 1000 });
    expect(got.body.data.reward_delivery.reversed_at).not.toBeNull();
  });

  it('a failure is recorded in our words (never the key) and tried again', async () => {
    const { shop, key } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { commission } = await stripeSale(shop, { customer });
    fake.failNext(10);
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    fake.failNext(0);
    const failed = await deliveryOf(commission.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/could not be reached/);
    expect(failed.error).not.toContain(key.slice(0, 12));
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(txOf(customer)).toHaveLength(0);
    await h.api.db.update(rewardDeliveries).set({ nextAttemptAt: new Date(0) }).where(eq(rewardDeliveries.id, failed.id));
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(await deliveryOf(commission.id)).toMatchObject({ state: 'delivered', error: null, attempts: 2 });
    expect(txOf(customer)).toHaveLength(1);
  });
});

describe('free months in Stripe', () => {
  it('a 100 % coupon for N months on the sale’s subscription, keeping its other discounts; removed on refund', async () => {
    const { shop } = await shopWith({ delivery: 'free_months', delivery_months: 3 });
    const customer = sid('cus');
    const sub = fake.billing.addSubscription(customer);
    const { ref, commission } = await stripeSale(shop, { customer, subscription: sub.id });
    await Promise.all(Array.from({ length: 5 }, () => deliverRewards(h.api.db)));
    const coupons = fake.billing.coupons.filter((c) => c.metadata?.refcount_commission_id === commission.id);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({ percent_off: 100, duration: 'repeating', duration_in_months: 3 });
    expect(sub.discounts).toHaveLength(1);
    expect(await deliveryOf(commission.id)).toMatchObject({ state: 'delivered', months: 3, providerObjectId: coupons[0].id, subscriptionId: sub.id });
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(fake.billing.subscriptions.find((s) => s.id === sub.id)!.discounts).toHaveLength(0);
    expect((await deliveryOf(commission.id)).state).toBe('reversed');
  });
});

describe('isolation', () => {
  it('one workspace’s run touches no other workspace’s rewards, and its API shows none of them', async () => {
    const a = await shopWith({ delivery: 'account_credit' });
    const b = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { commission } = await stripeSale(a.shop, { customer });
    await deliverWorkspaceRewards(h.api.db, b.shop.program.ws.id);
    expect(await deliveryOf(commission.id)).toBeUndefined();
    await deliverWorkspaceRewards(h.api.db, a.shop.program.ws.id);
    expect((await deliveryOf(commission.id)).workspaceId).toBe(a.shop.program.ws.id);
    expect((await b.call('GET', `/v1/commissions/${commission.id}`)).status).toBe(404);
    const theirs = await h.api.db.select().from(rewardDeliveries).where(and(eq(rewardDeliveries.workspaceId, b.shop.program.ws.id)));
    expect(theirs).toHaveLength(0);
  });

  it('a commission reversed before its reward went out is never delivered', async () => {
    const { shop } = await shopWith({ delivery: 'account_credit' });
    const customer = sid('cus');
    fake.billing.balances.set(customer, 0);
    const { ref, commission } = await stripeSale(shop, { customer });
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(await deliveryOf(commission.id)).toBeUndefined();
    expect(txOf(customer)).toHaveLength(0);
  });
});

describe('Paddle', () => {
  async function paddleShop(reward: Record<string, unknown>) {
    const s = await shopWith(reward);
    const key = `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
    fakePaddle.key(key);
    await saveIntegration({ ctx: s.shop.ctx, provider: paddle, patch: { secret: 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts', apiKey: key } });
    return s;
  }
  const ours = (commissionId: string) => fakePaddle.discounts.filter((d) => d.code === rewardDiscountCode(commissionId));

  it('account credit is a one-time discount of the amount on the next bill, made once; archived and removed on refund when unused', async () => {
    const { shop, call } = await paddleShop({ delivery: 'account_credit' });
    const customer = pid('ctm');
    const sub = fakePaddle.billing.addSubscription(customer);
    const { ref, commission } = await stripeSale(shop, { customer, subscription: sub.id, provider: 'paddle' });
    await Promise.all(Array.from({ length: 20 }, () => deliverRewards(h.api.db)));
    expect(ours(commission.id)).toHaveLength(1);
    const [discount] = ours(commission.id);
    expect(discount).toMatchObject({ type: 'flat', amount: '1500', currency_code: 'USD', recur: false, enabled_for_checkout: false, custom_data: { refcount_commission_id: commission.id } });
    expect(sub.discount?.id).toBe(discount.id);
    // a lost answer: the retry finds the discount by its code instead of making a second one
    await h.api.db.update(rewardDeliveries).set({ state: 'pending', nextAttemptAt: new Date(0) }).where(eq(rewardDeliveries.commissionId, commission.id));
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(ours(commission.id)).toHaveLength(1);
    expect((await call('GET', `/v1/commissions/${commission.id}`)).body.data.reward_delivery).toMatchObject({ state: 'delivered', provider: 'paddle', provider_object_id: discount.id });
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(discount.status).toBe('archived');
    expect(sub.discount).toBeNull();
    expect(await deliveryOf(commission.id)).toMatchObject({ state: 'reversed', reversedAmount: 1500, shortfall: 0 });
  });

  it('credit already used on a bill is the shortfall; free months recur N periods', async () => {
    const { shop } = await paddleShop({ delivery: 'account_credit' });
    const customer = pid('ctm');
    const sub = fakePaddle.billing.addSubscription(customer);
    const { ref, commission } = await stripeSale(shop, { customer, subscription: sub.id, provider: 'paddle' });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    fakePaddle.billing.useDiscount(ours(commission.id)[0].id);
    await shop.program.track('refund', { external_id: ref });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(await deliveryOf(commission.id)).toMatchObject({ state: 'reversed', reversedAmount: 0, shortfall: 1500 });

    const months = await paddleShop({ delivery: 'free_months', delivery_months: 6 });
    const other = pid('ctm');
    const itsSub = fakePaddle.billing.addSubscription(other);
    // a one-time sale: the customer's active subscription is found through the API
    const sale = await stripeSale(months.shop, { customer: other, provider: 'paddle' });
    await deliverWorkspaceRewards(h.api.db, months.shop.program.ws.id);
    expect(ours(sale.commission.id)[0]).toMatchObject({ type: 'percentage', amount: '100', recur: true, maximum_recurring_intervals: 6 });
    expect(itsSub.discount?.id).toBe(ours(sale.commission.id)[0].id);
  });
});

describe('to the affiliate as a billing customer', () => {
  it('credit goes to the affiliate’s customer; without one the delivery fails with a reason', async () => {
    const { shop, call } = await shopWith({ delivery: 'account_credit', delivery_target: 'affiliate' });
    const buyer = sid('cus');
    const affiliateCustomer = sid('cus');
    fake.billing.balances.set(affiliateCustomer, 0);
    const first = await stripeSale(shop, { customer: buyer });
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(await deliveryOf(first.commission.id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/no billing customer/) });
    const set = await call('PUT', `/v1/affiliates/${shop.program.a.id}/billing-customers/stripe`, { customer_id: affiliateCustomer });
    expect(set.status).toBe(200);
    await h.api.db.update(rewardDeliveries).set({ nextAttemptAt: new Date(0) }).where(eq(rewardDeliveries.commissionId, first.commission.id));
    await deliverWorkspaceRewards(h.api.db, shop.program.ws.id);
    expect(await deliveryOf(first.commission.id)).toMatchObject({ state: 'delivered', customerId: affiliateCustomer, target: 'affiliate' });
    expect(txOf(affiliateCustomer)).toHaveLength(1);
    expect(txOf(buyer)).toHaveLength(0);
  });
});
