import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';

// Issue 44, point 4: a Connect platform's endpoint receives its connected accounts' events, each
// naming the account; they are attributed in the platform's workspace and keep the account.

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

describe('Stripe Connect', () => {
  it("attributes a connected account's checkout and invoice in the platform's workspace, with the account on the conversion", async () => {
    const shop = await h.shop({ prefix: 'con' });
    const account = sid('acct');
    const [customer, subscription] = [sid('cus'), sid('sub')];
    const visitor = await shop.click();
    const checkout = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, subscription, clientReferenceId: visitor }), { account });
    expect(checkout.res.body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    const inv = invoice({ customer, subscription, amountPaid: 10_000, paidAt: at(0) });
    const paid = await shop.send('invoice.paid', inv, { account });
    expect(paid.res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const conv = await shop.conversionOf(inv.id);
    expect(conv).toMatchObject({ workspaceId: shop.program.ws.id, affiliateId: shop.program.a.id, connectedAccount: account, customerId: customer });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([3000]);
    // the API shows it to the merchant
    const api = await h.api.call('GET', `/v1/conversions/${conv.id}`, { token: shop.program.token });
    expect(api.body.data).toMatchObject({ connected_account: account });
  });

  it("a one-time checkout of a connected account is a sale with the account; the platform's own has none", async () => {
    const shop = await h.shop({ prefix: 'co1' });
    const account = sid('acct');
    const [pi1, pi2] = [sid('pi'), sid('pi')];
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi1, metadata: { refcount_ref: shop.program.a.ref } }), { account });
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: pi2, metadata: { refcount_ref: shop.program.b.ref } }));
    expect(await shop.conversionOf(pi1)).toMatchObject({ affiliateId: shop.program.a.id, connectedAccount: account });
    expect(await shop.conversionOf(pi2)).toMatchObject({ affiliateId: shop.program.b.id, connectedAccount: null });
  });
});
