import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { saveIntegration } from '../settings';
import { adjustment, paddleNotification, paddleProduct, pid, transaction } from '../../testing/paddle/objects';
import { paddle } from './provider';

const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

// The same shop harness, connected to Paddle instead: the shared receiver, store and domain.
async function paddleShop(prefix: string) {
  const shop = await h.shop({ prefix });
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
  const path = `/integrations/paddle/${shop.program.ws.publicId}`;
  const send = async (type: string, data: object, o: Parameters<typeof paddleNotification>[3] = {}) => {
    const { body, header } = paddleNotification(type, data, SECRET, o);
    return h.post(path, body, { 'Paddle-Signature': header });
  };
  return { ...shop, path, send };
}

const iso = (daysFromNow: number) => new Date(Date.now() + 1000 + daysFromNow * 86_400_000).toISOString();

describe('Paddle Billing', () => {
  it('turns completed transactions into sales and renewals, refunds and chargebacks into clawbacks', async () => {
    const shop = await paddleShop('pdl');
    await h.api.call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, { token: shop.program.token, body: { amount: 30, length_type: 'lifetime' } });
    const visitor = await shop.click();
    const [customer, subscription, product] = [pid('ctm'), pid('sub'), pid('pro')];
    const first = transaction({ customer, subscription, origin: 'web', product, amount: 10_000, billedAt: iso(0), customData: { refcount_visitor_id: visitor } });
    expect((await shop.send('transaction.completed', first)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const renewal = transaction({ customer, subscription, origin: 'subscription_recurring', product, amount: 10_000, billedAt: iso(31) });
    expect((await shop.send('transaction.completed', renewal)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const [c1, c2] = [await shop.conversionOf(first.id), await shop.conversionOf(renewal.id)];
    expect([c1.matchMethod, c2.matchMethod]).toEqual(['cookie', 'customer']);
    expect([c1.productId, c1.interval, c1.currency]).toEqual([product, 'month', 'usd']);
    expect((await shop.commissionsOf(c2.id)).map((c) => [c.amount, c.periodIndex])).toEqual([[3000, 1]]);

    const pending = adjustment({ transaction: first.id, customer, action: 'refund', status: 'pending_approval', amount: 2_500 });
    expect((await shop.send('adjustment.created', pending)).body).toMatchObject({ status: 'ignored', action: 'pending_approval' });
    expect((await shop.send('adjustment.updated', { ...pending, status: 'approved' })).body).toMatchObject({ status: 'applied', action: 'refund_applied' });
    expect(await shop.conversionOf(first.id)).toMatchObject({ refundedAmount: 2_500 });
    expect((await shop.commissionsOf(c1.id)).map((c) => c.amount)).toEqual([2250]);

    const cb = adjustment({ transaction: renewal.id, customer, action: 'chargeback', status: 'approved', amount: 10_000 });
    expect((await shop.send('adjustment.created', cb)).body).toMatchObject({ status: 'applied', action: 'chargeback' });
    expect(await shop.conversionOf(renewal.id)).toMatchObject({ status: 'chargeback' });
    const back = adjustment({ transaction: renewal.id, customer, action: 'chargeback_reverse', status: 'approved', amount: 10_000 });
    expect((await shop.send('adjustment.created', back)).body).toMatchObject({ status: 'applied', action: 'sale_restored' });
    expect((await shop.commissionsOf(c2.id)).map((c) => [c.amount, c.status])).toEqual([[3000, 'pending']]);
  });

  it('refuses a bad signature and stores nothing; syncs products', async () => {
    const shop = await paddleShop('pdx');
    const { body } = paddleNotification('product.created', paddleProduct({ name: 'X' }), SECRET);
    const forged = paddleNotification('product.created', paddleProduct({ name: 'X' }), 'pdl_ntfset_01hother_secret_0000000000');
    expect((await h.post(shop.path, body, { 'Paddle-Signature': forged.header })).status).toBe(400);
    expect((await h.post(shop.path, body, {})).status).toBe(400);
    const prod = paddleProduct({ name: 'AeroEdit' });
    expect((await shop.send('product.created', prod)).body).toMatchObject({ action: 'product_created' });
    expect((await shop.send('product.updated', { ...prod, name: 'AeroEdit Pro' })).body).toMatchObject({ action: 'product_renamed' });
  });
});
