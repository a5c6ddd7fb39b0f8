import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';

// Issue 44, point 1: the cookie window applies to the click before the checkout; a checkout that
// takes no payment (a free trial) links the customer to the affiliate for every later invoice.

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

/** A trial checkout now for `visitor`, its $0 invoice, and the first paid invoice `trialDays` later. */
async function trial(shop: Shop, visitor: string, trialDays: number) {
  const [customer, subscription] = [sid('cus'), sid('sub')];
  const session = checkoutSession({ mode: 'subscription', customer, subscription, clientReferenceId: visitor, amountTotal: 0, paymentStatus: 'no_payment_required' });
  const checkout = await shop.send('checkout.session.completed', session);
  const zero = invoice({ customer, subscription, billingReason: 'subscription_create', amountPaid: 0, paidAt: at(0) });
  const zeroRes = await shop.send('invoice.paid', zero);
  const paid = invoice({ customer, subscription, billingReason: 'subscription_cycle', amountPaid: 10_000, paidAt: at(trialDays), periodStart: at(trialDays), periodEnd: at(trialDays + 30) });
  const paidRes = await shop.send('invoice.paid', paid);
  return { customer, subscription, session, checkout, zero: zeroRes, paid, paidRes };
}

describe('free trials (a checkout without payment is a lead)', () => {
  it('a 30-day trial: the first paid invoice, 30 days after the click, earns for the checkout’s affiliate', async () => {
    const shop = await h.shop({ prefix: 't30' });
    const visitor = await shop.click();
    const t = await trial(shop, visitor, 31);
    expect(t.checkout.res.body).toMatchObject({ status: 'applied', action: 'lead_created' });
    const lead = await shop.conversionOf(t.session.id);
    expect(lead).toMatchObject({ type: 'lead', customerId: t.customer, affiliateId: shop.program.a.id, matchMethod: 'cookie', status: 'confirmed' });
    expect(await shop.commissionsOf(lead.id)).toEqual([]); // a lead earns nothing
    expect(t.zero.res.body).toMatchObject({ status: 'ignored', action: 'zero_amount' });
    expect(t.paidRes.res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const sale = await shop.conversionOf(t.paid.id);
    expect(sale).toMatchObject({ type: 'sale', affiliateId: shop.program.a.id, matchMethod: 'customer', amount: 10_000 });
    expect((await shop.commissionsOf(sale.id)).map((c) => [c.amount, c.periodIndex])).toEqual([[3000, 0]]);
    // the next renewal keeps the affiliate too; the campaign's one-time rule decides it earns nothing
    const renewal = invoice({ customer: t.customer, subscription: t.subscription, billingReason: 'subscription_cycle', amountPaid: 10_000, paidAt: at(61) });
    const r = await shop.send('invoice.paid', renewal);
    expect((await shop.eventRow(r.event.id)).detail).toContain('earns nothing (one_time_rule_after_first_payment)');
    expect(await shop.conversionOf(renewal.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'customer' });
  });

  it('a 7-day trial after a click 25 days old: paid 32 days after the click, still the affiliate’s', async () => {
    const shop = await h.shop({ prefix: 't07' });
    const visitor = await shop.click(25);
    const t = await trial(shop, visitor, 7);
    expect(t.checkout.res.body).toMatchObject({ status: 'applied', action: 'lead_created' });
    expect(await shop.conversionOf(t.paid.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'customer' });
  });

  it('the window applies at the checkout: a click older than it links no one, and the trial’s invoices are not attributed', async () => {
    const shop = await h.shop({ prefix: 'tol' });
    const visitor = await shop.click(31);
    const t = await trial(shop, visitor, 7);
    expect(t.checkout.res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
    expect(await shop.conversionOf(t.session.id)).toBeUndefined();
    expect(t.paidRes.res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
  });

  it('a limited rule counts its months from the first payment, not from the trial', async () => {
    const shop = await h.shop({ prefix: 'tlm' });
    const rule = await h.api.call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, {
      token: shop.program.token,
      body: { amount: 30, length_type: 'limited', length_months: 1 },
    });
    expect(rule.status).toBe(200);
    const t = await trial(shop, await shop.click(), 30);
    const sale = await shop.conversionOf(t.paid.id);
    expect((await shop.commissionsOf(sale.id)).map((c) => c.amount)).toEqual([3000]);
  });
});
