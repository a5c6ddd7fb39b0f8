import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users/users';
import { toApiError } from '../../errors/table';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paddleNotification, pid, transaction } from '../../testing/paddle/objects';
import { paddleDiscount, startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { dashboardCaller } from '../../testing/session-caller';
import { paddle } from './provider';

// Paddle's optional API key: checked on save (a missing permission named), and a transaction's
// discount, named only by id, read from Paddle so an affiliate's code attributes the sale.

const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';
let h: StripeHarness;
let fake: FakePaddle;
beforeAll(async () => {
  h = await startStripeHarness();
  fake = await startFakePaddle();
  setProviderApiBases({ paddle: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

const newKey = () => `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
const iso = () => new Date(Date.now() + 1000).toISOString();

async function paddleShop(prefix: string) {
  const shop = await h.shop({ prefix });
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
  const path = `/integrations/paddle/${shop.program.ws.publicId}`;
  const send = async (type: string, data: object) => {
    const { body, header } = paddleNotification(type, data, SECRET);
    return h.post(path, body, { 'Paddle-Signature': header });
  };
  const user = await createUser(h.api.db, { email: `owner-${pid('u')}@example.com`, password: 'password-1', workspaceId: shop.program.ws.id, role: 'owner' });
  return { ...shop, send, caller: dashboardCaller(h.api, user.id) };
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const { status, body } = toApiError(e as never, undefined, 'test');
    return { status, ...(body as { error: string; detail?: string }) };
  }
  throw new Error('expected the call to fail');
}

describe('a Paddle API key', () => {
  it('is checked on save: a missing permission is named, a good key kept with only its last characters shown', async () => {
    const shop = await paddleShop('pky');
    const short = newKey();
    fake.key(short, ['discount.read']);
    const refused = await refusal(shop.caller.integrations.save({ provider: 'paddle', api_key: short }));
    expect(refused).toMatchObject({ status: 400, error: 'invalid_request', detail: 'api_key: the key lacks discount.read: add this permission to the API key in Paddle' });
    const readOnly = newKey();
    fake.key(readOnly, ['discount.write']);
    expect((await refusal(shop.caller.integrations.save({ provider: 'paddle', api_key: readOnly }))).detail).toBe('api_key: the key lacks discount.write: add this permission to the API key in Paddle');
    expect((await refusal(shop.caller.integrations.save({ provider: 'paddle', api_key: newKey() }))).detail).toBe('api_key: Paddle refused this key: revoked, expired or mistyped');
    const key = newKey();
    fake.key(key);
    const saved = await shop.caller.integrations.save({ provider: 'paddle', api_key: key });
    expect(saved.api_key).toMatchObject({ backfill: true, hint: `…${key.slice(-4)}`, permissions: ['customer.read', 'transaction.read', 'discount.read', 'product.read', 'discount.write'] });
    expect(JSON.stringify(saved)).not.toContain(key.slice(16));
    expect(fake.requests.filter((r) => r.key === key).map((r) => r.path).sort()).toEqual(['/customers?per_page=1', `/discounts/dsc_${'0'.repeat(26)}`, '/discounts?per_page=1', '/products?per_page=1', '/transactions?per_page=1']);
    // discount.write proven by an update of a discount that does not exist: nothing written
    expect(fake.discounts).toEqual([]);
  });

  it("reads a transaction's discount by id, so an affiliate's code attributes the sale", async () => {
    const shop = await paddleShop('pds');
    const key = newKey();
    fake.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { apiKey: key } });
    const discount = paddleDiscount({ code: shop.program.b.ref.toUpperCase() });
    fake.discounts.push(discount);
    const txn = { ...transaction({ customer: pid('ctm'), origin: 'web', product: pid('pro'), amount: 10_000, billedAt: iso(), interval: null }), discount_id: discount.id };
    expect((await shop.send('transaction.completed', txn)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    expect(await shop.conversionOf(txn.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'manual_code' });
    // Remembered: the next transaction with it asks Paddle nothing.
    const asked = fake.requests.filter((r) => r.path === `/discounts/${discount.id}`).length;
    const again = { ...transaction({ customer: pid('ctm'), origin: 'web', product: pid('pro'), amount: 5_000, billedAt: iso(), interval: null }), discount_id: discount.id };
    await shop.send('transaction.completed', again);
    expect(await shop.conversionOf(again.id)).toMatchObject({ affiliateId: shop.program.b.id });
    expect(fake.requests.filter((r) => r.path === `/discounts/${discount.id}`)).toHaveLength(asked);
    expect(asked).toBe(1);
  });
});
