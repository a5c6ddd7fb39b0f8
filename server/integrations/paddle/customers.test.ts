import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { paddleCustomer, paddleSubscription } from '../../testing/paddle/customers';
import { paddleNotification, pid, transaction } from '../../testing/paddle/objects';
import { saveIntegration } from '../settings';
import { paddle } from './provider';

// Issue 44, points 1 and 3 for Paddle Billing: free trials keep the checkout's affiliate, and
// customers are linked by custom_data or by a lead's e-mail.

const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

async function paddleShop(prefix: string) {
  const shop = await h.shop({ prefix });
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
  const path = `/integrations/paddle/${shop.program.ws.publicId}`;
  const send = async (type: string, data: object) => {
    const { body, header } = paddleNotification(type, data, SECRET);
    return h.post(path, body, { 'Paddle-Signature': header });
  };
  return { ...shop, send };
}

const iso = (daysFromNow: number) => new Date(Date.now() + 1000 + daysFromNow * 86_400_000).toISOString();

describe('Paddle free trials', () => {
  it('a checkout transaction of nothing is a lead; the first payment 31 days later is the affiliate’s', async () => {
    const shop = await paddleShop('ptr');
    const visitor = await shop.click();
    const [customer, subscription, product] = [pid('ctm'), pid('sub'), pid('pro')];
    const trial = transaction({ customer, subscription, origin: 'web', product, amount: 0, billedAt: iso(0), customData: { refcount_visitor_id: visitor } });
    expect((await shop.send('transaction.completed', trial)).body).toMatchObject({ status: 'applied', action: 'lead_created' });
    expect(await shop.conversionOf(subscription)).toMatchObject({ type: 'lead', customerId: customer, affiliateId: shop.program.a.id, matchMethod: 'cookie' });
    const paid = transaction({ customer, subscription, origin: 'subscription_recurring', product, amount: 10_000, billedAt: iso(31) });
    expect((await shop.send('transaction.completed', paid)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const sale = await shop.conversionOf(paid.id);
    expect(sale).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'customer' });
    expect((await shop.commissionsOf(sale.id)).map((c) => [c.amount, c.periodIndex])).toEqual([[3000, 0]]);
  });

  it('subscription.created while trialing, after a click 25 days old: paid 7 days later, still the affiliate’s', async () => {
    const shop = await paddleShop('pts');
    const visitor = await shop.click(25);
    const [customer, product] = [pid('ctm'), pid('pro')];
    const sub = paddleSubscription({ customer, status: 'trialing', startedAt: iso(0), firstBilledAt: iso(7), customData: { refcount_visitor_id: visitor } });
    expect((await shop.send('subscription.created', sub)).body).toMatchObject({ status: 'applied', action: 'lead_created' });
    // the trial's own transaction of nothing is the same lead
    const trial = transaction({ customer, subscription: sub.id, origin: 'web', product, amount: 0, billedAt: iso(0), customData: { refcount_visitor_id: visitor } });
    expect((await shop.send('transaction.completed', trial)).body).toMatchObject({ status: 'applied', action: 'lead_exists' });
    const paid = transaction({ customer, subscription: sub.id, origin: 'subscription_recurring', product, amount: 10_000, billedAt: iso(7) });
    await shop.send('transaction.completed', paid);
    expect(await shop.conversionOf(paid.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'customer' });
  });

  it('an active (paid) subscription links the customer and records no lead: its transaction is the sale', async () => {
    const shop = await paddleShop('ptp');
    const customer = pid('ctm');
    const sub = paddleSubscription({ customer, status: 'active', startedAt: iso(0), firstBilledAt: iso(0), customData: { refcount_ref: shop.program.b.ref } });
    expect((await shop.send('subscription.created', sub)).body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    expect(await shop.conversionOf(sub.id)).toBeUndefined();
    const paid = transaction({ customer, subscription: sub.id, origin: 'web', product: pid('pro'), amount: 10_000, billedAt: iso(0) });
    await shop.send('transaction.completed', paid);
    expect(await shop.conversionOf(paid.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'ref' });
  });
});

describe('Paddle customers', () => {
  it('custom_data.refcount_ref on the customer links it (a lead); its transactions are the affiliate’s', async () => {
    const shop = await paddleShop('pcd');
    const cus = paddleCustomer({ email: 'jo@example.com', customData: { refcount_ref: shop.program.b.ref } });
    expect((await shop.send('customer.created', cus)).body).toMatchObject({ status: 'applied', action: 'lead_created' });
    const paid = transaction({ customer: cus.id, origin: 'web', product: pid('pro'), amount: 10_000, billedAt: iso(0) });
    await shop.send('transaction.completed', paid);
    expect(await shop.conversionOf(paid.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'customer' });
  });

  it('a lead’s e-mail links a later Paddle customer; off when the workspace says so', async () => {
    const shop = await paddleShop('pem');
    await shop.program.track('lead', { external_id: 'signup_p1', ref: shop.program.b.ref, email: 'Ana@Example.com' });
    const cus = paddleCustomer({ email: 'ana@example.com' });
    expect((await shop.send('customer.created', cus)).body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    const paid = transaction({ customer: cus.id, origin: 'web', product: pid('pro'), amount: 10_000, billedAt: iso(0) });
    await shop.send('transaction.completed', paid);
    expect(await shop.conversionOf(paid.id)).toMatchObject({ affiliateId: shop.program.b.id });

    await h.api.call('PATCH', '/v1/settings', { token: shop.program.token, body: { link_customers_by_email: false } });
    await shop.program.track('lead', { external_id: 'signup_p2', ref: shop.program.b.ref, email: 'bo@example.com' });
    expect((await shop.send('customer.created', paddleCustomer({ email: 'bo@example.com' }))).body).toMatchObject({ status: 'ignored', action: 'no_referral' });
  });
});
