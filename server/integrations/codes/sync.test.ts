import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodeLinks, affiliateCodeSyncs, affiliateCodes, campaigns } from '@/db/schema';
import { discountColumns, type CustomerDiscountInput } from '../../contracts/campaign';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paddle } from '../paddle/provider';
import { stripe } from '../stripe/provider';
import { paddleDiscount, startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { pid } from '../../testing/paddle/objects';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { sid } from '../../testing/stripe/ids';
import { runCodeSync, syncWorkspaceCodes } from './sync';

// The code sync job against the official clients and local fakes of Stripe and Paddle
// (docs/integrations/stripe.md "Affiliate codes", and its Paddle Billing section), on the real database.

let h: StripeHarness;
let fs: FakeStripe;
let fp: FakePaddle;
beforeAll(async () => {
  h = await startStripeHarness();
  fs = await startFakeStripe();
  fp = await startFakePaddle();
  setProviderApiBases({ stripe: fs.url, paddle: fp.url });
});
afterAll(async () => {
  await fs.close();
  await fp.close();
  await h.close();
});

const stripeKey = () => `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
const paddleKey = () => `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
const PADDLE_SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

type Discount = { type: 'percent' | 'amount'; amount: number; currency?: string; duration?: string; duration_months?: number };

/** A shop with a campaign discount, Stripe and/or Paddle connected with an API key. */
async function codeShop(prefix: string, { discount, providers = ['stripe'] }: { discount?: Discount | null; providers?: ('stripe' | 'paddle')[] } = {}) {
  const shop = await h.shop({ prefix });
  const keys: { stripe?: string; paddle?: string } = {};
  if (providers.includes('stripe')) {
    keys.stripe = stripeKey();
    fs.key(keys.stripe);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: keys.stripe } });
  }
  if (providers.includes('paddle')) {
    keys.paddle = paddleKey();
    fp.key(keys.paddle);
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: PADDLE_SECRET, apiKey: keys.paddle } });
  }
  // the first discount straight into its columns: through the API it would also give the shop's
  // affiliates generated codes (docs/codes.md#lifecycle), and these tests make their own
  const first = discount === null ? null : (discount ?? { type: 'percent', amount: 12.5, duration: 'repeating', duration_months: 3 });
  if (first) await h.api.db.update(campaigns).set(discountColumns(first as CustomerDiscountInput)).where(eq(campaigns.id, shop.program.campaign.id));
  return { ...shop, keys };
}

async function setDiscount(shop: Shop, discount: Discount | null) {
  const res = await h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { customer_discount: discount } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A code as the codes domain inserts one: active, pending. */
async function newCode(shop: Shop, code: string, affiliateId = shop.program.a.id) {
  const [row] = await h.api.db
    .insert(affiliateCodes)
    .values({ workspaceId: shop.program.ws.id, affiliateId, code, codeKey: code.toLowerCase(), source: 'generated' })
    .returning();
  return row;
}

const codeRow = async (id: string) => (await h.api.db.select().from(affiliateCodes).where(eq(affiliateCodes.id, id)))[0];
const linksOf = (codeId: string) => h.api.db.select().from(affiliateCodeLinks).where(eq(affiliateCodeLinks.codeId, codeId));
const pend = (id: string, set: Partial<typeof affiliateCodes.$inferInsert> = {}) =>
  h.api.db.update(affiliateCodes).set({ syncState: 'pending', ...set }).where(eq(affiliateCodes.id, id));
const sync = (shop: Shop) => syncWorkspaceCodes(h.api.db, shop.program.ws.id);
const promo = (id: string) => fs.account.promotionCodes.find((p) => p.id === id)!;

describe('a code in Stripe', () => {
  it('is one coupon for the campaign discount and a promotion code for the code, with the exact fields', async () => {
    const shop = await codeShop('cs1');
    const code = await newCode(shop, 'SAVEcs1');
    expect(await sync(shop)).toBe(1);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    const [link] = await linksOf(code.id);
    expect(link).toMatchObject({ provider: 'stripe', code: 'SAVEcs1', active: true, deactivatedBy: null });
    const coupon = fs.account.coupons.find((c) => c.id === link.couponId)!;
    expect(coupon).toMatchObject({ percent_off: 12.5, amount_off: null, duration: 'repeating', duration_in_months: 3, name: 'Main', metadata: { refcount_campaign_id: shop.program.campaign.id } });
    expect(promo(link.objectId)).toMatchObject({
      active: true,
      code: 'SAVEcs1',
      promotion: { type: 'coupon', coupon: coupon.id },
      metadata: { refcount_affiliate_id: shop.program.a.id, refcount_code_id: code.id },
    });
    // the coupon's id is ours; the promotion code's create carries an idempotency key of our ids
    const writes = fs.requests.filter((r) => r.key === shop.keys.stripe && r.method === 'POST' && !r.path.endsWith('permission_check'));
    expect(writes.map((r) => r.path)).toEqual(['/v1/coupons', '/v1/promotion_codes']);
    expect(writes[0].body?.id).toBe(`refcount_${shop.program.campaign.id.replace(/-/g, '')}_p1250_r3`);
    expect(writes[1].idempotencyKey).toBe(`refcount-promotion-code-${code.id}-${coupon.id}-SAVEcs1`);
  });

  it('reuses the coupon for a second code of the campaign, and makes an amount coupon with its currency', async () => {
    const shop = await codeShop('cs2', { discount: { type: 'amount', amount: 500, currency: 'EUR', duration: 'forever' } });
    const first = await newCode(shop, 'FIRSTcs2');
    const second = await newCode(shop, 'SECONDcs2', shop.program.b.id);
    expect(await sync(shop)).toBe(2);
    const [l1] = await linksOf(first.id);
    const [l2] = await linksOf(second.id);
    expect(l2.couponId).toBe(l1.couponId);
    expect(fs.account.coupons.filter((c) => c.metadata?.refcount_campaign_id === shop.program.campaign.id)).toHaveLength(1);
    expect(fs.account.coupons.find((c) => c.id === l1.couponId)).toMatchObject({ amount_off: 500, currency: 'eur', percent_off: null, duration: 'forever', duration_in_months: null });
    expect(promo(l2.objectId).metadata).toEqual({ refcount_affiliate_id: shop.program.b.id, refcount_code_id: second.id });
  });

  it('deactivates the promotion code when the code is deactivated, never deleting it', async () => {
    const shop = await codeShop('cs3');
    const code = await newCode(shop, 'GONEcs3');
    await sync(shop);
    const [link] = await linksOf(code.id);
    await pend(code.id, { status: 'inactive', deactivatedAt: new Date() });
    expect(await sync(shop)).toBe(1);
    expect(promo(link.objectId).active).toBe(false);
    expect(fs.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect((await linksOf(code.id))[0]).toMatchObject({ active: false, deactivatedBy: 'refcount' });
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('follows a rename: the old promotion code made inactive, a new one made', async () => {
    const shop = await codeShop('cs4');
    const code = await newCode(shop, 'OLDcs4');
    await sync(shop);
    const [old] = await linksOf(code.id);
    await pend(code.id, { code: 'NEWcs4', codeKey: 'newcs4' });
    await sync(shop);
    const links = await linksOf(code.id);
    expect(links).toHaveLength(2);
    const made = links.find((l) => l.id !== old.id)!;
    expect(promo(old.objectId).active).toBe(false);
    expect(promo(made.objectId)).toMatchObject({ active: true, code: 'NEWcs4' });
    expect(made.couponId).toBe(old.couponId);
  });

  it('re-pushes the campaign codes under a new coupon when the discount changes (the old promotion code deactivated first)', async () => {
    const shop = await codeShop('cs5');
    const code = await newCode(shop, 'PRICEcs5');
    await sync(shop);
    const [old] = await linksOf(code.id);
    await setDiscount(shop, { type: 'percent', amount: 20, duration: 'once' });
    expect((await codeRow(code.id)).syncState).toBe('pending'); // the campaign's change made it due
    await sync(shop);
    const links = await linksOf(code.id);
    const made = links.find((l) => l.id !== old.id)!;
    expect(made.couponId).not.toBe(old.couponId);
    expect(fs.account.coupons.find((c) => c.id === made.couponId)).toMatchObject({ percent_off: 20, duration: 'once' });
    expect(promo(old.objectId).active).toBe(false);
    expect(promo(made.objectId)).toMatchObject({ active: true, code: 'PRICEcs5' });
    // no discount any more: codes still attribute, nothing in Stripe gives one
    await setDiscount(shop, null);
    await sync(shop);
    expect((await linksOf(code.id)).filter((l) => l.active)).toEqual([]);
    expect(promo(made.objectId).active).toBe(false);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('a job retried after a lost answer makes no second object (idempotency keys, then the code text)', async () => {
    const shop = await codeShop('cs6');
    const code = await newCode(shop, 'ONCEcs6');
    await sync(shop);
    const [link] = await linksOf(code.id);
    // the answer lost: our row gone as if the worker died after Stripe made the code
    await h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.id, link.id));
    await pend(code.id);
    await sync(shop);
    expect(fs.account.promotionCodes.filter((p) => p.metadata?.refcount_code_id === code.id)).toHaveLength(1);
    expect((await linksOf(code.id))[0].objectId).toBe(link.objectId);
    // past Stripe's 24 hours the key is forgotten: the active code with our metadata is found by its text
    await h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.codeId, code.id));
    await pend(code.id);
    fs.forgetIdempotencyKeys();
    const before = fs.requests.length;
    await sync(shop);
    expect(fs.account.promotionCodes.filter((p) => p.metadata?.refcount_code_id === code.id)).toHaveLength(1);
    expect(fs.requests.slice(before).map((r) => r.path.split('?')[0])).toContain('/v1/promotion_codes');
    expect((await linksOf(code.id))[0]).toMatchObject({ objectId: link.objectId, active: true });
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('a failure is failed with a short message and no secret, retried later with backoff, then synced', async () => {
    const shop = await codeShop('cs7');
    const code = await newCode(shop, 'FAILcs7');
    fs.failNext(10); // the client's own retry included
    await sync(shop);
    const failed = await codeRow(code.id);
    expect(failed.syncState).toBe('failed');
    expect(failed.syncError).toBe('Stripe: creating the coupon: the provider could not be reached (500); tried again later');
    expect(failed.syncError).not.toContain(shop.keys.stripe!);
    const [pause] = await h.api.db.select().from(affiliateCodeSyncs).where(eq(affiliateCodeSyncs.codeId, code.id));
    expect(pause.failures).toBe(1);
    expect(pause.retryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    fs.failNext(0);
    expect(await sync(shop)).toBe(0); // not due yet
    await h.api.db.update(affiliateCodeSyncs).set({ retryAt: new Date(Date.now() - 1000) }).where(eq(affiliateCodeSyncs.codeId, code.id));
    const run = await runCodeSync(h.api.db);
    expect(run.codes).toBeGreaterThanOrEqual(1);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect(await h.api.db.select().from(affiliateCodeSyncs).where(eq(affiliateCodeSyncs.codeId, code.id))).toEqual([]);
  });

  it('a key lacking the write permission says so on the code', async () => {
    const shop = await codeShop('cs8');
    fs.key(shop.keys.stripe!, ['promotion_codes_write']);
    const code = await newCode(shop, 'PERMcs8');
    await sync(shop);
    expect((await codeRow(code.id)).syncError).toBe('Stripe: creating the promotion code: the API key lacks the permission (403)');
  });

  it('leaves a promotion code the merchant deactivated in Stripe as it is', async () => {
    const shop = await codeShop('cs9');
    const code = await newCode(shop, 'MINEcs9');
    await sync(shop);
    const [link] = await linksOf(code.id);
    promo(link.objectId).active = false;
    const { res } = await shop.send('promotion_code.updated', promo(link.objectId));
    expect(res.status).toBe(200);
    expect((await linksOf(code.id))[0]).toMatchObject({ active: false, deactivatedBy: 'merchant' });
    await pend(code.id);
    await sync(shop);
    expect(promo(link.objectId).active).toBe(false);
    expect(await linksOf(code.id)).toHaveLength(1);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('without an API key the code is synced to nothing, and pushed once a key is set', async () => {
    const shop = await codeShop('cs10', { providers: [] });
    const code = await newCode(shop, 'LATEcs10');
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect(await linksOf(code.id)).toEqual([]);
    const key = stripeKey();
    fs.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    expect((await linksOf(code.id))[0]).toMatchObject({ provider: 'stripe', active: true });
  });
});

describe('a code in Paddle', () => {
  it('is a discount with the code, enabled for checkout, then archived when the code is deactivated', async () => {
    const shop = await codeShop('cp1', { providers: ['paddle'] });
    const code = await newCode(shop, 'PADDLEcp1');
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced' });
    const [link] = await linksOf(code.id);
    expect(link).toMatchObject({ provider: 'paddle', couponId: null, active: true });
    const create = fp.requests.find((r) => r.method === 'POST' && r.key === shop.keys.paddle)!;
    expect(create.body).toEqual({
      type: 'percentage',
      amount: '12.5',
      currency_code: null,
      recur: true,
      maximum_recurring_intervals: 3,
      description: 'Refcount affiliate code (Main)',
      enabled_for_checkout: true,
      code: 'PADDLEcp1',
      custom_data: { refcount_code_id: code.id, refcount_affiliate_id: shop.program.a.id, refcount_campaign_id: shop.program.campaign.id },
    });
    const discount = () => fp.discounts.find((d) => d.id === link.objectId)!;
    expect(discount()).toMatchObject({ status: 'active', code: 'PADDLEcp1', enabled_for_checkout: true });
    // a new discount: the same Paddle discount re-priced (Paddle keeps a code on one discount)
    await setDiscount(shop, { type: 'amount', amount: 300, currency: 'USD', duration: 'once' });
    await sync(shop);
    expect(discount()).toMatchObject({ type: 'flat', amount: '300', currency_code: 'USD', recur: false, maximum_recurring_intervals: null });
    expect(await linksOf(code.id)).toHaveLength(1);
    await pend(code.id, { status: 'inactive' });
    await sync(shop);
    expect(discount().status).toBe('archived');
    expect((await linksOf(code.id))[0]).toMatchObject({ active: false, deactivatedBy: 'refcount' });
  });

  it('a create whose answer was lost meets its own discount again instead of making a second', async () => {
    const shop = await codeShop('cp2', { providers: ['paddle'] });
    const code = await newCode(shop, 'AGAINcp2');
    await sync(shop);
    const [link] = await linksOf(code.id);
    await h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.id, link.id));
    await pend(code.id);
    await sync(shop);
    expect(fp.discounts.filter((d) => d.code === 'AGAINcp2')).toHaveLength(1);
    expect((await linksOf(code.id))[0].objectId).toBe(link.objectId);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('a code another discount holds fails with the reason, and Stripe goes ahead on its own', async () => {
    const shop = await codeShop('cp3', { providers: ['paddle', 'stripe'] });
    const code = await newCode(shop, 'TAKENcp3');
    fp.discounts.push(paddleDiscount({ code: 'TAKENcp3' }));
    await sync(shop);
    const row = await codeRow(code.id);
    expect(row.syncState).toBe('failed');
    expect(row.syncError).toBe('Paddle: another discount has the code "TAKENcp3": link that discount to the affiliate instead');
    // Stripe went ahead: each provider on its own
    expect((await linksOf(code.id)).map((l) => l.provider)).toEqual(['stripe']);
  });
});

describe('changes elsewhere that codes follow', () => {
  it('an affiliate moved to another campaign gets its discount: a new coupon, the old promotion code deactivated', async () => {
    const shop = await codeShop('cf1');
    const code = await newCode(shop, 'MOVEcf1');
    await sync(shop);
    const [old] = await linksOf(code.id);
    const other = await h.api.call('POST', '/v1/campaigns', { token: shop.program.token, body: { name: 'Podcasts', customer_discount: { type: 'percent', amount: 30, duration: 'forever' } } });
    expect(other.status).toBe(201);
    const moved = await h.api.call('PATCH', `/v1/affiliates/${shop.program.a.id}`, { token: shop.program.token, body: { campaign_id: other.body.data.id } });
    expect(moved.status).toBe(200);
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    const made = (await linksOf(code.id)).find((l) => l.id !== old.id)!;
    expect(fs.account.coupons.find((c) => c.id === made.couponId)).toMatchObject({ percent_off: 30, duration: 'forever', name: 'Podcasts', metadata: { refcount_campaign_id: other.body.data.id } });
    expect(promo(old.objectId).active).toBe(false);
    // a rename of the campaign alone changes no code; a code made after it shares the coupon
    await h.api.call('PATCH', `/v1/campaigns/${other.body.data.id}`, { token: shop.program.token, body: { name: 'Podcasts 2' } });
    expect((await codeRow(code.id)).syncState).toBe('synced');
    const next = await newCode(shop, 'NEXTcf1');
    await sync(shop);
    expect(await codeRow(next.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect((await linksOf(next.id))[0].couponId).toBe(made.couponId);
  });

  it('a change made while the providers are called keeps the code pending for the next run', async () => {
    const shop = await codeShop('cf4');
    const code = await newCode(shop, 'RACEcf4');
    fs.delayMs = 300;
    const running = sync(shop);
    await new Promise((r) => setTimeout(r, 100));
    await pend(code.id, { status: 'inactive' });
    await running;
    fs.delayMs = 0;
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    expect((await codeRow(code.id)).syncState).toBe('synced');
    expect((await linksOf(code.id))[0]).toMatchObject({ active: false, deactivatedBy: 'refcount' });
  });

  it('two workers at once push a code once (a lease per code)', async () => {
    const shop = await codeShop('cf2', { providers: ['paddle'] });
    const code = await newCode(shop, 'TWICEcf2');
    const taken = await Promise.all([sync(shop), sync(shop)]);
    expect(taken.sort()).toEqual([0, 1]);
    expect(fp.requests.filter((r) => r.method === 'POST' && r.key === shop.keys.paddle)).toHaveLength(1);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it("Paddle's outage fails the code with our message, and the next due run makes the discount", async () => {
    const shop = await codeShop('cf3', { providers: ['paddle'] });
    const code = await newCode(shop, 'DOWNcf3');
    fp.failNext(1);
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'failed', syncError: 'Paddle: creating the discount: the provider could not be reached; tried again later' });
    await h.api.db.update(affiliateCodeSyncs).set({ retryAt: new Date(Date.now() - 1000) }).where(eq(affiliateCodeSyncs.codeId, code.id));
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect(fp.discounts.filter((d) => d.code === 'DOWNcf3')).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('takes only due codes, each workspace in turn, and never another workspace’s', async () => {
    const one = await codeShop('sw1');
    const two = await codeShop('sw2');
    const a = await newCode(one, 'SWEEPsw1');
    const b = await newCode(two, 'SWEEPsw2');
    await runCodeSync(h.api.db);
    expect((await codeRow(a.id)).syncState).toBe('synced');
    expect((await codeRow(b.id)).syncState).toBe('synced');
    const [la] = await linksOf(a.id);
    const [lb] = await linksOf(b.id);
    expect(la.workspaceId).toBe(one.program.ws.id);
    expect(lb.workspaceId).toBe(two.program.ws.id);
    expect(fs.requests.filter((r) => r.key === one.keys.stripe && r.body?.code === 'SWEEPsw2')).toEqual([]);
    const again = await h.api.db.select().from(affiliateCodes).where(and(eq(affiliateCodes.workspaceId, one.program.ws.id), eq(affiliateCodes.syncState, 'pending')));
    expect(again).toEqual([]);
  });
});
