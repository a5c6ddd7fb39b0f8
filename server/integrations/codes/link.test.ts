import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodeLinks, affiliateCodes, auditEvents } from '@/db/schema';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paddle } from '../paddle/provider';
import { stripe } from '../stripe/provider';
import { paddleDiscount, startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { pid } from '../../testing/paddle/objects';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { sid } from '../../testing/stripe/ids';
import { promotionCode } from '../../testing/stripe/payments';
import { syncWorkspaceCodes } from './sync';

// POST /v1/affiliates/{id}/codes/link: a code made in Stripe or Paddle by hand becomes an
// affiliate's code (docs/integrations/stripe.md "Affiliate codes"), read through the API key.

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

const PADDLE_SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

async function linkShop(prefix: string, { keys = true } = {}) {
  const shop = await h.shop({ prefix });
  if (keys) {
    const sk = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    const pk = `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
    fs.key(sk);
    fp.key(pk);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: sk } });
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: PADDLE_SECRET, apiKey: pk } });
  }
  return shop;
}

const link = (shop: Shop, affiliateId: string, body: unknown) =>
  h.api.call('POST', `/v1/affiliates/${affiliateId}/codes/link`, { token: shop.program.token, body });
const codesOf = (shop: Shop) => h.api.db.select().from(affiliateCodes).where(eq(affiliateCodes.workspaceId, shop.program.ws.id));
const linksOf = (shop: Shop) => h.api.db.select().from(affiliateCodeLinks).where(eq(affiliateCodeLinks.workspaceId, shop.program.ws.id));

describe('linking a code that exists in the provider', () => {
  it('links a Stripe promotion code: the code, its link and the audit entry, already synced', async () => {
    const shop = await linkShop('lk1');
    const promo = promotionCode({ code: 'PODCAST20' });
    fs.account.promotionCodes.push(promo);
    const res = await link(shop, shop.program.a.id, { provider: 'stripe', provider_code_id: promo.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: 'affiliate_code',
      data: {
        affiliate_id: shop.program.a.id,
        code: 'PODCAST20',
        status: 'active',
        source: 'linked',
        sync_state: 'synced',
        sync_error: null,
        providers: [{ provider: 'stripe', object_id: promo.id, coupon_id: promo.promotion.coupon, active: true, deactivated_by: null }],
      },
    });
    const [code] = await codesOf(shop);
    expect(code).toMatchObject({ codeKey: 'podcast20', source: 'linked', syncState: 'synced' });
    const [audit] = await h.api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, shop.program.ws.id), eq(auditEvents.action, 'affiliate_code.linked')));
    expect(audit).toMatchObject({ targetType: 'affiliate_code', targetId: code.id });

    // a campaign discount change leaves it alone (its terms are the merchant's; the shop's other
    // affiliates get generated codes with the discount, docs/codes.md#lifecycle) ...
    await h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { customer_discount: { type: 'percent', amount: 15 } } });
    expect((await codesOf(shop)).find((c) => c.id === code.id)!.syncState).toBe('synced');
    // ... and the code's deactivation deactivates it in Stripe
    await h.api.db.update(affiliateCodes).set({ status: 'inactive', syncState: 'pending' }).where(eq(affiliateCodes.id, code.id));
    await syncWorkspaceCodes(h.api.db, shop.program.ws.id);
    expect(fs.account.promotionCodes.find((p) => p.id === promo.id)!.active).toBe(false);
    expect(fs.account.promotionCodes.filter((p) => p.code === 'PODCAST20')).toHaveLength(1);
  });

  it('links a Paddle discount by its code', async () => {
    const shop = await linkShop('lk2');
    const d = paddleDiscount({ code: 'NEWSLETTER5' });
    fp.discounts.push(d);
    const res = await link(shop, shop.program.b.id, { provider: 'paddle', provider_code_id: d.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ affiliate_id: shop.program.b.id, code: 'NEWSLETTER5', providers: [{ provider: 'paddle', object_id: d.id, coupon_id: null }] });
  });

  it('refuses what cannot be linked, each with its reason, and changes nothing', async () => {
    const shop = await linkShop('lk3');
    const taken = promotionCode({ code: 'TAKEN1' });
    fs.account.promotionCodes.push(taken);
    expect((await link(shop, shop.program.a.id, { provider: 'stripe', provider_code_id: taken.id })).status).toBe(201);
    const sameText = promotionCode({ code: 'taken1' });
    const inactive = { ...promotionCode({ code: 'SLEEPY1' }), active: false };
    const dashed = promotionCode({ code: 'SUMMER-20' });
    const someonesRef = promotionCode({ code: shop.program.a.ref.toUpperCase() });
    const reserved = promotionCode({ code: 'Promo' });
    const archived = { ...paddleDiscount({ code: 'OLD1' }), status: 'archived' as const };
    fs.account.promotionCodes.push(sameText, inactive, dashed, someonesRef, reserved);
    fp.discounts.push(archived);
    const before = { codes: await codesOf(shop), links: await linksOf(shop) };
    const cases: [unknown, number, string, string][] = [
      [{ provider: 'stripe', provider_code_id: taken.id }, 409, 'invalid_state', 'this Stripe code is already linked to an affiliate code'],
      [{ provider: 'stripe', provider_code_id: sameText.id }, 409, 'invalid_state', 'the code "taken1" is taken in this workspace: by an affiliate code (inactive ones keep their text) or another affiliate\'s ref code'],
      [{ provider: 'stripe', provider_code_id: someonesRef.id }, 409, 'invalid_state', `the code "${someonesRef.code}" is taken in this workspace: by an affiliate code (inactive ones keep their text) or another affiliate's ref code`],
      [{ provider: 'stripe', provider_code_id: reserved.id }, 400, 'invalid_request', 'provider_code_id: its code "Promo" is not 3 to 32 letters and digits outside the reserved words (docs/codes.md)'],
      [{ provider: 'stripe', provider_code_id: inactive.id }, 409, 'invalid_state', 'the code "SLEEPY1" is not active in Stripe: activate it there first'],
      [{ provider: 'paddle', provider_code_id: archived.id }, 409, 'invalid_state', 'the code "OLD1" is not active in Paddle: activate it there first'],
      [{ provider: 'stripe', provider_code_id: dashed.id }, 400, 'invalid_request', 'provider_code_id: its code "SUMMER-20" is not 3 to 32 letters and digits outside the reserved words (docs/codes.md)'],
      [{ provider: 'stripe', provider_code_id: 'promo_nosuchcode' }, 400, 'invalid_request', 'provider_code_id: Stripe has no promotion code promo_nosuchcode'],
      [{ provider: 'paddle', provider_code_id: taken.id }, 400, 'invalid_request', 'provider_code_id: a Paddle discount id (dsc_…)'],
      [{ provider: 'braintree', provider_code_id: taken.id }, 400, 'invalid_request', ''],
    ];
    for (const [body, status, error, detail] of cases) {
      const res = await link(shop, shop.program.b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(error);
      if (detail) expect(res.body.detail).toBe(detail);
    }
    expect(await codesOf(shop)).toEqual(before.codes);
    expect(await linksOf(shop)).toEqual(before.links);
  });

  it('needs the API key, and answers 404 for another workspace’s affiliate', async () => {
    const bare = await linkShop('lk4', { keys: false });
    const promo = promotionCode({ code: 'NOKEY1' });
    fs.account.promotionCodes.push(promo);
    const res = await link(bare, bare.program.a.id, { provider: 'stripe', provider_code_id: promo.id });
    expect(res).toMatchObject({ status: 409, body: { error: 'invalid_state', detail: 'set a Stripe API key first: linking reads the code through it' } });
    const other = await linkShop('lk5');
    const cross = await link(other, bare.program.a.id, { provider: 'stripe', provider_code_id: promo.id });
    expect(cross).toMatchObject({ status: 404, body: { error: 'link_not_found' } });
    expect(await codesOf(other)).toEqual([]);
    expect(await codesOf(bare)).toEqual([]);
  });
});
