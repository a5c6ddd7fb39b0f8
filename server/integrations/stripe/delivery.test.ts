import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, integrationEvents, products } from '@/db/schema';
import { signed, stripeEvent } from '../../testing/stripe/event';
import { at, SECRET, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { legacyCharge, legacyInvoice } from '../../testing/stripe/legacy';
import { charge, checkoutSession, invoice, product, promotionCode, sid } from '../../testing/stripe/objects';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const eventsOf = (workspaceId: string) => h.api.db.select().from(integrationEvents).where(eq(integrationEvents.workspaceId, workspaceId));
const conversionsOf = (workspaceId: string) => h.api.db.select().from(conversions).where(eq(conversions.workspaceId, workspaceId));

describe('signatures', () => {
  it('refuses a wrong, missing, tampered or stale signature with 400 and stores nothing', async () => {
    const shop = await h.shop({ prefix: 'sig' });
    const customer = sid('cus');
    const event = stripeEvent('checkout.session.completed', checkoutSession({ mode: 'payment', customer, paymentIntent: sid('pi'), metadata: { refcount_ref: shop.program.a.ref } }));
    const good = signed(event, SECRET);
    const stale = signed(event, SECRET, Math.floor(Date.now() / 1000) - 301);
    const attempts = [
      shop.deliver(event, 'whsec_some_other_endpoint_secret_000'),
      shop.post(good.body, {}),
      shop.post(good.body.replace('"amount_total": 10000', '"amount_total": 99999'), { 'Stripe-Signature': good.header }),
      shop.post(stale.body, { 'Stripe-Signature': stale.header }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
    }
    expect(await eventsOf(shop.program.ws.id)).toEqual([]);
    expect(await conversionsOf(shop.program.ws.id)).toEqual([]);
    expect((await shop.deliver(event)).status).toBe(200);
    expect(await conversionsOf(shop.program.ws.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown workspace or provider and 400 for a workspace without Stripe', async () => {
    const { body, header } = signed(stripeEvent('product.created', product({ name: 'X' })), SECRET);
    const headers = { 'Stripe-Signature': header };
    expect(await h.post('/integrations/stripe/ws_doesnotexist', body, headers)).toMatchObject({ status: 404, body: { error: 'link_not_found' } });
    const other = await h.api.workspace();
    expect(await h.post(`/integrations/nopay/${other.publicId}`, body, headers)).toMatchObject({ status: 404, body: { error: 'unknown_resource' } });
    const bare = await h.post(`/integrations/stripe/${other.publicId}`, body, headers);
    expect(bare).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await eventsOf(other.id)).toEqual([]);
  });
});

describe('idempotency on the Stripe event id', () => {
  it('a redelivered event is a no-op, even when deliveries race', async () => {
    const shop = await h.shop({ prefix: 'dup' });
    const pi = sid('pi');
    const event = stripeEvent('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi, metadata: { refcount_ref: shop.program.a.ref } }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop.deliver(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(4);
    expect(await eventsOf(shop.program.ws.id)).toHaveLength(1);
    expect(await conversionsOf(shop.program.ws.id)).toHaveLength(1);
    const later = await shop.deliver(event);
    expect(later.body).toEqual({ received: true, duplicate: true });
    const conv = await shop.conversionOf(pi);
    expect(await shop.commissionsOf(conv.id)).toHaveLength(1);
  });
});

describe('events that arrive before what they depend on', () => {
  it("waits with a subscription's first invoice until its checkout links the customer", async () => {
    const shop = await h.shop({ prefix: 'ooo' });
    const customer = sid('cus');
    const subscription = sid('sub');
    const visitor = await shop.click();
    const inv = invoice({ customer, subscription, amountPaid: 10_000, paidAt: at(0) });
    const early = await shop.send('invoice.paid', inv);
    expect(early.res).toMatchObject({ status: 200, body: { status: 'waiting', action: 'waiting' } });
    expect(await shop.eventRow(early.event.id)).toMatchObject({ status: 'waiting', detail: expect.stringMatching(new RegExp(`^waiting for checkout.session.completed of customer ${customer}: Stripe sends it with a subscription's first invoice; decided without it at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`)) });
    expect(await shop.conversionOf(inv.id)).toBeUndefined();

    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, subscription, clientReferenceId: visitor }));
    expect(await h.retry()).toBeGreaterThanOrEqual(1);
    expect(await shop.eventRow(early.event.id)).toMatchObject({ status: 'applied', action: 'conversion_created', attempts: 2 });
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'cookie' });
  });

  it('waits with a refund until its sale arrives, then applies it', async () => {
    const shop = await h.shop({ prefix: 'rfo' });
    const customer = sid('cus');
    const [pi, ch] = [sid('pi'), sid('ch')];
    const refundFirst = await shop.send('charge.refunded', charge({ id: ch, paymentIntent: pi, customer, amount: 10_000, amountRefunded: 2_500 }));
    expect(refundFirst.res.body).toMatchObject({ status: 'waiting' });
    expect(await h.retry()).toBe(0); // not due yet: nothing it waits for has happened

    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer, paymentIntent: pi, metadata: { refcount_ref: shop.program.a.ref } }));
    await h.retry();
    expect(await shop.eventRow(refundFirst.event.id)).toMatchObject({ status: 'applied', action: 'refund_applied' });
    expect(await shop.conversionOf(pi)).toMatchObject({ refundedAmount: 2_500 });
  });

  it('gives up with a reason a day after arrival (the try at the deadline is final)', async () => {
    const shop = await h.shop({ prefix: 'old' });
    const { event } = await shop.send('charge.refunded', charge({ paymentIntent: sid('pi'), customer: sid('cus'), amount: 5_000, amountRefunded: 5_000 }));
    await h.api.db
      .update(integrationEvents)
      .set({ receivedAt: new Date(Date.now() - 25 * 3600_000), nextAttemptAt: new Date() })
      .where(eq(integrationEvents.eventId, event.id));
    await h.retry();
    const row = await shop.eventRow(event.id);
    expect(row).toMatchObject({ status: 'ignored', action: 'no_sale', nextAttemptAt: null });
  });
});

describe('what Stripe events make', () => {
  it('a test-mode event makes a test conversion that earns nothing', async () => {
    const shop = await h.shop({ prefix: 'tst' });
    const pi = sid('pi');
    const { res } = await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi, livemode: false, clientReferenceId: await shop.click() }));
    expect(res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const conv = await shop.conversionOf(pi);
    expect(conv).toMatchObject({ isTest: true, affiliateId: shop.program.a.id });
    expect(await shop.commissionsOf(conv.id)).toEqual([]);
    expect((await shop.eventRow((await eventsOf(shop.program.ws.id))[0].eventId)).detail).toContain('test mode');
  });

  it('keeps the catalog in step with Stripe products: created, renamed, deleted', async () => {
    const shop = await h.shop({ prefix: 'cat' });
    const prod = product({ name: 'Pro plan' });
    expect((await shop.send('product.created', prod)).res.body).toMatchObject({ status: 'applied', action: 'product_created' });
    const renamed = await shop.send('product.updated', product({ id: prod.id, name: 'Pro plan (2026)' }));
    expect(renamed.res.body).toMatchObject({ status: 'applied', action: 'product_renamed' });
    const api = await h.api.call('GET', `/v1/products/${prod.id}`, { token: shop.program.token });
    expect(api.body.data).toMatchObject({ provider_product_id: prod.id, name: 'Pro plan (2026)', commissionable: true });
    const gone: Stripe.DeletedProduct = { id: prod.id, object: 'product', deleted: true };
    expect((await shop.send('product.deleted', gone)).res.body).toMatchObject({ status: 'ignored', action: 'product_kept' });
    expect(await h.api.db.select().from(products).where(eq(products.providerProductId, prod.id))).toHaveLength(1);
  });

  it("attributes a checkout by an affiliate's promotion code", async () => {
    const shop = await h.shop({ prefix: 'pro' });
    const promo = promotionCode({ code: shop.program.b.ref.toUpperCase() });
    await shop.send('promotion_code.created', promo);
    const customer = sid('cus');
    const linked = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, promotionCode: promo.id }));
    expect(linked.res.body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    const inv = invoice({ customer, subscription: sid('sub'), amountPaid: 8_000, paidAt: at(0) });
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'manual_code' });
  });

  it('reads the payload shape of API versions before 2025-03-31', async () => {
    const shop = await h.shop({ prefix: 'leg' });
    const customer = sid('cus');
    const [pi, ch, productId] = [sid('pi'), sid('ch'), sid('prod')];
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, metadata: { refcount_ref: shop.program.a.ref } }));
    const inv = invoice({ customer, subscription: sid('sub'), product: productId, amountPaid: 120_000, paidAt: at(0), periodEnd: at(365) });
    await shop.send('invoice.paid', legacyInvoice(inv, { charge: ch, paymentIntent: pi, interval: 'year' }));
    expect(await shop.conversionOf(inv.id)).toMatchObject({ amount: 120_000, productId, interval: 'year' });
    const refunded = await shop.send('charge.refunded', legacyCharge(charge({ id: ch, paymentIntent: pi, customer, amount: 120_000, amountRefunded: 120_000 }), inv.id));
    expect(refunded.res.body).toMatchObject({ status: 'applied', action: 'refunded_in_full' });
  });
});
