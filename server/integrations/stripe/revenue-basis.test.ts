import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';
import { saveIntegration } from '../settings';
import { stripe } from './provider';

// Stripe's tax on a sale's revenue basis (docs/commissions.md#revenue-basis): the invoice's and
// the checkout's tax are recorded; Stripe's fee is not in the event, so it is never reported.
let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const basis = (shop: Shop, exclude_tax: boolean, exclude_fees: boolean) =>
  h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { commission_basis: { exclude_tax, exclude_fees } } });
const receiptOf = async (shop: Shop, id: string) =>
  (await h.api.call('GET', `/v1/conversions/${id}/attribution`, { token: shop.program.token })).body.data;

async function referredInvoice(shop: Shop, o: { amountPaid: number; tax: number }) {
  const customer = sid('cus');
  await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, metadata: { refcount_ref: shop.program.a.ref } }));
  return invoice({ customer, subscription: sid('sub'), paidAt: at(0), ...o });
}

describe('Stripe sales on the revenue basis', () => {
  it('an invoice with tax earns on the amount less tax when the campaign excludes it; fees are not reported', async () => {
    const shop = await h.shop({ prefix: 'snet' });
    expect((await basis(shop, true, true)).status).toBe(200);
    const inv = await referredInvoice(shop, { amountPaid: 12_000, tax: 2_000 });
    await shop.send('invoice.paid', inv);
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ amount: 12_000, tax: 2_000, fee: null });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([3_000]); // 30 % of 10000
    expect((await receiptOf(shop, conv.id)).revenue_basis).toEqual({ amount: 12_000, tax: 2_000, fee: null, excluded: ['tax'], not_reported: ['fee'], basis: 10_000 });

    // a payload without total_excluding_tax: the tax is the sum of total_taxes
    await basis(shop, false, false);
    const bare = await referredInvoice(shop, { amountPaid: 12_000, tax: 2_000 });
    bare.total_excluding_tax = null;
    await shop.send('invoice.paid', bare);
    const gross = await shop.conversionOf(bare.id);
    expect(gross).toMatchObject({ amount: 12_000, tax: 2_000 });
    expect((await shop.commissionsOf(gross.id)).map((c) => c.amount)).toEqual([3_600]); // the campaign keeps tax in
  });

  it("with the integration storing amounts without tax, a campaign excluding tax takes nothing more off", async () => {
    const shop = await h.shop({ prefix: 'snex' });
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { amountBasis: 'paid_excluding_tax' } });
    await basis(shop, true, false);
    const inv = await referredInvoice(shop, { amountPaid: 12_000, tax: 2_000 });
    await shop.send('invoice.paid', inv);
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ amount: 10_000, tax: 0, fee: null });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([3_000]);
  });

  it('a one-time checkout payment records its tax', async () => {
    const shop = await h.shop({ prefix: 'snck' });
    await basis(shop, true, false);
    const pi = sid('pi');
    const session = checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi, amountTotal: 11_000, tax: 1_000, metadata: { refcount_ref: shop.program.a.ref } });
    await shop.send('checkout.session.completed', session);
    const conv = await shop.conversionOf(pi);
    expect(conv).toMatchObject({ amount: 11_000, tax: 1_000, fee: null });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([3_000]);
  });
});
