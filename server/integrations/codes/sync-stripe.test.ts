import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliateCodeLinks, affiliateCodeSyncs } from '@/db/schema';
import { saveIntegration } from '../settings';
import { stripe } from '../stripe/provider';
import { runCodeSync } from './sync';
import { codesWorld } from '../../testing/codes-world';

// The code sync job with Stripe (docs/integrations/stripe.md "Affiliate codes"): the official
// client against the local fake, on the real database.
const { w, codeShop, setDiscount, newCode, codeRow, linksOf, pend, sync, promo, stripeKey } = codesWorld();

describe('a code in Stripe', () => {
  it('is one coupon for the campaign discount and a promotion code for the code, with the exact fields', async () => {
    const shop = await codeShop('cs1');
    const code = await newCode(shop, 'SAVEcs1');
    expect(await sync(shop)).toBe(1);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    const [link] = await linksOf(code.id);
    expect(link).toMatchObject({ provider: 'stripe', code: 'SAVEcs1', active: true, deactivatedBy: null });
    const coupon = w.fs.account.coupons.find((c) => c.id === link.couponId)!;
    expect(coupon).toMatchObject({ percent_off: 12.5, amount_off: null, duration: 'repeating', duration_in_months: 3, name: 'Main', metadata: { refcount_campaign_id: shop.program.campaign.id } });
    expect(promo(link.objectId)).toMatchObject({
      active: true,
      code: 'SAVEcs1',
      promotion: { type: 'coupon', coupon: coupon.id },
      metadata: { refcount_affiliate_id: shop.program.a.id, refcount_code_id: code.id },
    });
    // the coupon's id is ours; the promotion code's create carries an idempotency key of our ids
    const writes = w.fs.requests.filter((r) => r.key === shop.keys.stripe && r.method === 'POST' && !r.path.endsWith('permission_check'));
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
    expect(w.fs.account.coupons.filter((c) => c.metadata?.refcount_campaign_id === shop.program.campaign.id)).toHaveLength(1);
    expect(w.fs.account.coupons.find((c) => c.id === l1.couponId)).toMatchObject({ amount_off: 500, currency: 'eur', percent_off: null, duration: 'forever', duration_in_months: null });
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
    expect(w.fs.requests.some((r) => r.method === 'DELETE')).toBe(false);
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
    expect(w.fs.account.coupons.find((c) => c.id === made.couponId)).toMatchObject({ percent_off: 20, duration: 'once' });
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
    await w.h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.id, link.id));
    await pend(code.id);
    await sync(shop);
    expect(w.fs.account.promotionCodes.filter((p) => p.metadata?.refcount_code_id === code.id)).toHaveLength(1);
    expect((await linksOf(code.id))[0].objectId).toBe(link.objectId);
    // past Stripe's 24 hours the key is forgotten: the active code with our metadata is found by its text
    await w.h.api.db.delete(affiliateCodeLinks).where(eq(affiliateCodeLinks.codeId, code.id));
    await pend(code.id);
    w.fs.forgetIdempotencyKeys();
    const before = w.fs.requests.length;
    await sync(shop);
    expect(w.fs.account.promotionCodes.filter((p) => p.metadata?.refcount_code_id === code.id)).toHaveLength(1);
    expect(w.fs.requests.slice(before).map((r) => r.path.split('?')[0])).toContain('/v1/promotion_codes');
    expect((await linksOf(code.id))[0]).toMatchObject({ objectId: link.objectId, active: true });
    expect((await codeRow(code.id)).syncState).toBe('synced');
  });

  it('a failure is failed with a short message and no secret, retried later with backoff, then synced', async () => {
    const shop = await codeShop('cs7');
    const code = await newCode(shop, 'FAILcs7');
    w.fs.failNext(10); // the client's own retry included
    await sync(shop);
    const failed = await codeRow(code.id);
    expect(failed.syncState).toBe('failed');
    expect(failed.syncError).toBe('Stripe: creating the coupon: the provider could not be reached (500); tried again later');
    expect(failed.syncError).not.toContain(shop.keys.stripe!);
    const [pause] = await w.h.api.db.select().from(affiliateCodeSyncs).where(eq(affiliateCodeSyncs.codeId, code.id));
    expect(pause.failures).toBe(1);
    expect(pause.retryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    w.fs.failNext(0);
    expect(await sync(shop)).toBe(0); // not due yet
    await w.h.api.db.update(affiliateCodeSyncs).set({ retryAt: new Date(Date.now() - 1000) }).where(eq(affiliateCodeSyncs.codeId, code.id));
    const run = await runCodeSync(w.h.api.db);
    expect(run.codes).toBeGreaterThanOrEqual(1);
    expect(await codeRow(code.id)).toMatchObject({ syncState: 'synced', syncError: null });
    expect(await w.h.api.db.select().from(affiliateCodeSyncs).where(eq(affiliateCodeSyncs.codeId, code.id))).toEqual([]);
  });

  it('a key lacking the write permission says so on the code', async () => {
    const shop = await codeShop('cs8');
    w.fs.key(shop.keys.stripe!, ['promotion_codes_write']);
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
    w.fs.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    expect((await linksOf(code.id))[0]).toMatchObject({ provider: 'stripe', active: true });
  });
});
