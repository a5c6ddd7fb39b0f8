import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliateCodeLinks, affiliateCodeSyncs, affiliateCodes } from '@/db/schema';
import { paddleDiscount } from '../../testing/paddle/fake-api';
import { runCodeSync } from './sync';
import { codesWorld } from '../../testing/codes-world';

// The code sync job with Paddle (docs/integrations/stripe.md, Paddle Billing), the changes elsewhere
// that codes follow, and the sweep: official clients against local fakes, on the real database.
const { w, codeShop, setDiscount, newCode, codeRow, linksOf, pend, sync, promo } = codesWorld();

describe('a code in Paddle', () => {
  it('is a discount with the code, enabled for checkout, then archived when the code is deactivated', async () => {
    const shop = await codeShop('cp1', { providers: ['paddle'] });
    const code = await newCode(shop, 'PADDLEcp1');
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced' });
    const [link] = await linksOf(code.id);
    expect(link).toMatchObject({ provider: 'paddle', couponId: null, active: true });
    const create = w.fp.requests.find((r) => r.method === 'POST' && r.key === shop.keys.paddle)!;
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
    const discount = () => w.fp.discounts.find((d) => d.id === link.objectId)!;
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
    await w.h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.id, link.id));
    await pend(code.id);
    await sync(shop);
    expect(w.fp.discounts.filter((d) => d.code === 'AGAINcp2')).toHaveLength(1);
    expect((await linksOf(code.id))[0].objectId).toBe(link.objectId);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('a code another discount holds fails with the reason, and Stripe goes ahead on its own', async () => {
    const shop = await codeShop('cp3', { providers: ['paddle', 'stripe'] });
    const code = await newCode(shop, 'TAKENcp3');
    w.fp.discounts.push(paddleDiscount({ code: 'TAKENcp3' }));
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
    const other = await w.h.api.call('POST', '/v1/campaigns', { token: shop.program.token, body: { name: 'Podcasts', customer_discount: { type: 'percent', amount: 30, duration: 'forever' } } });
    expect(other.status).toBe(201);
    const moved = await w.h.api.call('PATCH', `/v1/affiliates/${shop.program.a.id}`, { token: shop.program.token, body: { campaign_id: other.body.data.id } });
    expect(moved.status).toBe(200);
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    const made = (await linksOf(code.id)).find((l) => l.id !== old.id)!;
    expect(w.fs.account.coupons.find((c) => c.id === made.couponId)).toMatchObject({ percent_off: 30, duration: 'forever', name: 'Podcasts', metadata: { refcount_campaign_id: other.body.data.id } });
    expect(promo(old.objectId).active).toBe(false);
    // a rename of the campaign alone changes no code; a code made after it shares the coupon
    await w.h.api.call('PATCH', `/v1/campaigns/${other.body.data.id}`, { token: shop.program.token, body: { name: 'Podcasts 2' } });
    expect((await codeRow(code.id)).syncState).toBe('synced');
    const next = await newCode(shop, 'NEXTcf1');
    await sync(shop);
    expect(await codeRow(next.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect((await linksOf(next.id))[0].couponId).toBe(made.couponId);
  });

  it('a change made while the providers are called keeps the code pending for the next run', async () => {
    const shop = await codeShop('cf4');
    const code = await newCode(shop, 'RACEcf4');
    w.fs.delayMs = 300;
    const running = sync(shop);
    await new Promise((r) => setTimeout(r, 100));
    await pend(code.id, { status: 'inactive' });
    await running;
    w.fs.delayMs = 0;
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
    expect(w.fp.requests.filter((r) => r.method === 'POST' && r.key === shop.keys.paddle)).toHaveLength(1);
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it("Paddle's outage fails the code with our message, and the next due run makes the discount", async () => {
    const shop = await codeShop('cf3', { providers: ['paddle'] });
    const code = await newCode(shop, 'DOWNcf3');
    w.fp.failNext(1);
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'failed', syncError: 'Paddle: creating the discount: the provider could not be reached; tried again later' });
    await w.h.api.db.update(affiliateCodeSyncs).set({ retryAt: new Date(Date.now() - 1000) }).where(eq(affiliateCodeSyncs.codeId, code.id));
    await sync(shop);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect(w.fp.discounts.filter((d) => d.code === 'DOWNcf3')).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('takes only due codes, each workspace in turn, and never another workspace’s', async () => {
    const one = await codeShop('sw1');
    const two = await codeShop('sw2');
    const a = await newCode(one, 'SWEEPsw1');
    const b = await newCode(two, 'SWEEPsw2');
    await runCodeSync(w.h.api.db);
    expect((await codeRow(a.id)).syncState).toBe('synced');
    expect((await codeRow(b.id)).syncState).toBe('synced');
    const [la] = await linksOf(a.id);
    const [lb] = await linksOf(b.id);
    expect(la.workspaceId).toBe(one.program.ws.id);
    expect(lb.workspaceId).toBe(two.program.ws.id);
    expect(w.fs.requests.filter((r) => r.key === one.keys.stripe && r.body?.code === 'SWEEPsw2')).toEqual([]);
    const again = await w.h.api.db.select().from(affiliateCodes).where(and(eq(affiliateCodes.workspaceId, one.program.ws.id), eq(affiliateCodes.syncState, 'pending')));
    expect(again).toEqual([]);
  });
});
