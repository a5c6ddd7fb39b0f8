import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationEvents } from '@/db/schema';
import { insertAffiliateCode } from '../../testing/affiliate-code-rows';
import { paddleNotification, pid, transaction } from '../../testing/paddle/objects';
import { paddleDiscount, startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { discount } from '../../testing/stripe/discounts';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { at, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, promotionCode, sid } from '../../testing/stripe/objects';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paddle } from '../paddle/provider';
import { stripe } from './provider';

// Issue 45, point 2, end to end: a checkout's promotion code, an invoice's discount (a subscription
// made without Checkout) and a Paddle transaction's discount code, when they are an affiliate's
// code (affiliate_codes), credit that affiliate with method `code`; against a click, the code's
// campaign's code_precedence decides (docs/attribution.md#codes-and-clicks).

let h: StripeHarness;
let fakeStripe: FakeStripe;
let fakePaddle: FakePaddle;
beforeAll(async () => {
  h = await startStripeHarness();
  [fakeStripe, fakePaddle] = [await startFakeStripe(), await startFakePaddle()];
  setProviderApiBases({ stripe: fakeStripe.url, paddle: fakePaddle.url });
});
afterAll(async () => {
  await fakeStripe.close();
  await fakePaddle.close();
  await h.close();
});

/** A shop whose affiliate B has the code `text` (as the codes API leaves it). */
async function shopWithCode(prefix: string, text: string) {
  const shop = await h.shop({ prefix });
  const code = await insertAffiliateCode(h.api.db, { workspaceId: shop.program.ws.id, affiliateId: shop.program.b.id, code: text });
  return { shop, code };
}
const receiptOf = async (shop: Shop, conversionId: string) =>
  (await h.api.call('GET', `/v1/conversions/${conversionId}/attribution`, { token: shop.program.token })).body.data;
const precedence = (shop: Shop, p: 'click' | 'code') =>
  h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { code_precedence: p } });

describe('Stripe Checkout with an affiliate code', () => {
  it('a subscription checkout and its first invoice: credited to the code’s affiliate, method code, the receipt naming the code', async () => {
    const { shop, code } = await shopWithCode('scc', 'SPRINGB');
    const promo = promotionCode({ code: 'SpringB' }); // typed in another case: codes match case-insensitively
    await shop.send('promotion_code.created', promo);
    const customer = sid('cus');
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, promotionCode: promo.id }));
    const inv = invoice({ customer, subscription: sid('sub'), amountPaid: 8_000, paidAt: at(0) });
    expect((await shop.send('invoice.paid', inv)).res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code' });
    expect(await receiptOf(shop, conv.id)).toMatchObject({ method: 'code', code: { id: code.id, code: 'SPRINGB' } });
    expect((await shop.eventRow((await shop.send('invoice.paid', inv)).event.id)).detail).toContain('attributed by code');
  });

  it('a one-time payment checkout, expanded promotion code: credited by code', async () => {
    const { shop } = await shopWithCode('sco', 'ONCEB');
    const pi = sid('pi');
    const session: Stripe.Checkout.Session = {
      ...checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi }),
      discounts: [{ coupon: null, promotion_code: promotionCode({ code: 'onceb' }) }],
    };
    await shop.send('checkout.session.completed', session);
    expect(await shop.conversionOf(pi)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code' });
  });

  it("a click of A and the code of B in one checkout: A by cookie under 'click', B by code under 'code'", async () => {
    const { shop } = await shopWithCode('scp', 'PRECB');
    const promo = promotionCode({ code: 'PRECB' });
    await shop.send('promotion_code.created', promo);
    const checkout = async () => {
      const pi = sid('pi');
      await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi, clientReferenceId: await shop.click(), promotionCode: promo.id }));
      return shop.conversionOf(pi);
    };
    expect(await checkout()).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'cookie' });
    expect((await precedence(shop, 'code')).status).toBe(200);
    expect(await checkout()).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code' });
  });
});

describe('a Stripe invoice discounted by an affiliate code, for a subscription made without Checkout', () => {
  it('reads the discount’s promotion code with the API key, once; the renewals keep the customer', async () => {
    const { shop, code } = await shopWithCode('sin', 'INVB');
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    fakeStripe.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
    const [customer, subscription] = [sid('cus'), sid('sub')];
    const promo = promotionCode({ code: 'invb' });
    const di = discount({ promotionCode: promo.id, customer, subscription });
    fakeStripe.account.promotionCodes.push(promo);
    fakeStripe.account.discounts.push(di);
    // as a webhook names them: the discount by id only
    const inv: Stripe.Invoice = { ...invoice({ customer, subscription, amountPaid: 9_000, paidAt: at(0) }), discounts: [di.id] };
    fakeStripe.account.invoices.push(inv);
    const mark = fakeStripe.requests.length; // after the key's check on save
    const asks = () => fakeStripe.requests.slice(mark).filter((r) => r.key === key).map((r) => r.path.split('?')[0]);
    // a checkout could still come with the subscription's first invoice: it waits, asking Stripe nothing yet
    const early = await shop.send('invoice.paid', inv);
    expect(early.res.body).toMatchObject({ status: 'waiting' });
    expect(asks()).toEqual([]);
    // an hour on, no checkout came: decided by the invoice's code
    const row = await shop.eventRow(early.event.id);
    await h.api.db.update(integrationEvents).set({ payload: { ...(row.payload as object), created: early.event.created - 7200 }, nextAttemptAt: new Date() }).where(eq(integrationEvents.id, row.id));
    await h.retry();
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code', amount: 9_000 });
    expect(await receiptOf(shop, conv.id)).toMatchObject({ method: 'code', code: { id: code.id, code: 'INVB' } });
    expect(asks()).toEqual([`/v1/invoices/${inv.id}`, `/v1/promotion_codes/${promo.id}`]);
    // the renewal: the customer's affiliate, nothing asked of Stripe
    const asked = fakeStripe.requests.length;
    const renewal: Stripe.Invoice = { ...invoice({ customer, subscription, billingReason: 'subscription_cycle', amountPaid: 9_000, paidAt: at(30) }), discounts: [di.id] };
    await shop.send('invoice.paid', renewal);
    expect(await shop.conversionOf(renewal.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'customer' });
    expect(fakeStripe.requests.length).toBe(asked);
  });

  it('an invoice carrying its discount expanded needs no key; a discount that is no affiliate code credits nobody', async () => {
    const { shop } = await shopWithCode('sie', 'EXPB');
    const promo = promotionCode({ code: 'EXPB' });
    await shop.send('promotion_code.created', promo);
    const customer = sid('cus');
    const withDiscount = (promotionCodeId: string | null, cus: string) => ({
      ...invoice({ customer: cus, subscription: sid('sub'), amountPaid: 5_000, paidAt: at(0) }),
      collection_method: 'send_invoice' as const, // sent by e-mail: no checkout will come
      discounts: [discount({ promotionCode: promotionCodeId, customer: cus })],
    });
    const inv = withDiscount(promo.id, customer);
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code' });
    const plain = withDiscount(null, sid('cus'));
    expect((await shop.send('invoice.paid', plain)).res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
  });
});

describe('a Paddle transaction with an affiliate code', () => {
  it('its discount code credits the code’s affiliate, method code', async () => {
    const { shop, code } = await shopWithCode('pdc', 'PADDLEB10');
    const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
    const key = `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
    fakePaddle.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { apiKey: key } });
    const d = paddleDiscount({ code: 'paddleb10' });
    fakePaddle.discounts.push(d);
    const txn = { ...transaction({ customer: pid('ctm'), origin: 'web', product: pid('pro'), amount: 10_000, billedAt: new Date(Date.now() + 1000).toISOString(), interval: null }), discount_id: d.id };
    const { body, header } = paddleNotification('transaction.completed', txn, SECRET);
    expect((await h.post(`/integrations/paddle/${shop.program.ws.publicId}`, body, { 'Paddle-Signature': header })).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const conv = await shop.conversionOf(txn.id);
    expect(conv).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'code' });
    expect(await receiptOf(shop, conv.id)).toMatchObject({ method: 'code', code: { id: code.id, code: 'PADDLEB10' } });
  });
});
