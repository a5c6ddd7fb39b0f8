import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const addMonths = (unix: number, months: number) => {
  const d = new Date(unix * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

describe('a subscription bought through a referral', () => {
  it('earns on the first invoice and two renewals of a 3-month limited rule; the third renewal earns nothing', async () => {
    const shop = await h.shop({ prefix: 'sub' });
    const { program } = shop;
    const rule = await h.api.call('PUT', `/v1/campaigns/${program.campaign.id}/commission-rule`, {
      token: program.token,
      body: { amount: 30, length_type: 'limited', length_months: 3 },
    });
    expect(rule.status).toBe(200);
    const visitor = await shop.click();
    const [customer, subscription, productId] = [sid('cus'), sid('sub'), sid('prod')];
    const first = at(0.01);

    const linked = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, subscription, clientReferenceId: visitor, amountTotal: 10_000 }));
    expect(linked.res).toMatchObject({ status: 200, body: { received: true, status: 'applied', action: 'customer_linked' } });

    const invoices = [0, 1, 2, 3].map((k) =>
      invoice({
        customer,
        subscription,
        product: productId,
        billingReason: k === 0 ? 'subscription_create' : 'subscription_cycle',
        amountPaid: 10_000,
        paidAt: addMonths(first, k),
        periodStart: addMonths(first, k),
        periodEnd: addMonths(first, k + 1),
      }),
    );
    for (const inv of invoices) {
      const { res } = await shop.send('invoice.paid', inv);
      expect(res.status).toBe(200);
    }

    const convs = await Promise.all(invoices.map((inv) => shop.conversionOf(inv.id)));
    expect(convs.map((c) => c.affiliateId)).toEqual(Array(4).fill(program.a.id));
    expect(convs.map((c) => c.matchMethod)).toEqual(['cookie', 'customer', 'customer', 'customer']);
    expect(convs.map((c) => [c.productId, c.interval, c.customerId, c.amount])).toEqual(Array(4).fill([productId, 'month', customer, 10_000]));
    const ledgers = await Promise.all(convs.map((c) => shop.commissionsOf(c.id)));
    expect(ledgers.map((l) => l.map((c) => [c.amount, c.periodIndex]))).toEqual([[[3000, 0]], [[3000, 1]], [[3000, 2]], []]);
    expect((convs[3].attribution as { reason: string }).reason).toBe('limited_rule_expired');

    // Another event about the same invoice (invoice.paid re-sent under a new event id) is stored
    // and changes nothing: the conversion is idempotent on the invoice id.
    const again = await shop.send('invoice.paid', invoices[3]);
    const row = await shop.eventRow(again.event.id);
    expect(row).toMatchObject({ status: 'applied', action: 'conversion_exists', conversionId: convs[3].id });
    expect(row.detail).toContain('earns nothing (limited_rule_expired)');
    expect(await shop.commissionsOf(convs[3].id)).toEqual([]);
  });

  it('records the amount without tax when the integration says so', async () => {
    const shop = await h.shop({ prefix: 'tax' });
    const { saveIntegration } = await import('../settings');
    const { stripe } = await import('./provider');
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { amountBasis: 'paid_excluding_tax' } });
    const customer = sid('cus');
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, metadata: { refcount_ref: shop.program.a.ref } }));
    const inv = invoice({ customer, subscription: sid('sub'), amountPaid: 12_000, tax: 2_000, paidAt: at(0) });
    await shop.send('invoice.paid', inv);
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ amount: 10_000, matchMethod: 'ref', affiliateId: shop.program.a.id });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([3000]);
  });

  it('ignores an invoice of a customer no referral points at, and a zero-amount (trial) invoice', async () => {
    const shop = await h.shop({ prefix: 'none' });
    const customer = sid('cus');
    const unreferred = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer }));
    expect(unreferred.res.body).toMatchObject({ status: 'ignored', action: 'no_referral' });
    const inv = invoice({ customer, subscription: sid('sub'), amountPaid: 5_000, paidAt: at(0) });
    expect((await shop.send('invoice.paid', inv)).res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
    expect(await shop.conversionOf(inv.id)).toBeUndefined();
    const trial = invoice({ customer, subscription: sid('sub'), amountPaid: 0, paidAt: at(0) });
    expect((await shop.send('invoice.paid', trial)).res.body).toMatchObject({ status: 'ignored', action: 'zero_amount' });
  });
});
