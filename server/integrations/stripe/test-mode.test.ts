import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';

// Issue 44, point 6: Stripe's test mode makes test conversions, which no report and no payout
// counts, beside live ones that both count.

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

describe('test mode', () => {
  it('keeps test-mode sales, leads and invoices out of reports and of a payout run', async () => {
    const shop = await h.shop({ prefix: 'tmo', settings: { hold_days: 0 } });
    const { program } = shop;
    const call = (method: string, path: string, body?: unknown) => h.api.call(method, `/v1${path}`, { token: program.token, body });
    // live: a one-time sale for A, a minute ago (hold_days 0: payable at once)
    const past = Math.floor(Date.now() / 1000) - 60;
    const livePi = sid('pi');
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: livePi, amountTotal: 20_000, metadata: { refcount_ref: program.a.ref } }), { created: past });
    // test mode, all for B: a one-time sale, a trial lead and a subscription's paid invoice
    const testPi = sid('pi');
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: testPi, amountTotal: 50_000, livemode: false, metadata: { refcount_ref: program.b.ref } }));
    const [customer, subscription] = [sid('cus'), sid('sub')];
    const trial = checkoutSession({ mode: 'subscription', customer, subscription, amountTotal: 0, paymentStatus: 'no_payment_required', livemode: false, metadata: { refcount_ref: program.b.ref } });
    expect((await shop.send('checkout.session.completed', trial)).res.body).toMatchObject({ status: 'applied', action: 'lead_created' });
    const inv = invoice({ customer, subscription, amountPaid: 70_000, paidAt: at(0), livemode: false });
    expect((await shop.send('invoice.paid', inv)).res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });

    const live = await shop.conversionOf(livePi);
    const tests = await Promise.all([testPi, trial.id, inv.id].map((id) => shop.conversionOf(id)));
    expect(tests.map((c) => [c.type, c.isTest, c.affiliateId])).toEqual([
      ['sale', true, program.b.id],
      ['lead', true, program.b.id],
      ['sale', true, program.b.id],
    ]);
    for (const c of tests) expect(await shop.commissionsOf(c.id)).toEqual([]);
    const [earning] = await shop.commissionsOf(live.id);
    expect(earning.amount).toBe(6000);
    expect((await call('PATCH', `/commissions/${earning.id}`, { status: 'approved' })).status).toBe(200);

    // reports: only the live sale, nothing of B
    const summary = await call('GET', '/reports/summary');
    expect(summary.body.data).toMatchObject({ leads: 0, sales: 1, revenue: 20_000, commissions: 6000 });
    const board = await call('GET', '/reports/affiliates');
    expect(board.body.data.map((r: { affiliate_id: string; revenue: number }) => [r.affiliate_id, r.revenue])).toEqual([[program.a.id, 20_000]]);
    const listed = await call('GET', '/conversions');
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([live.id]);

    // a payout run: one payout, A's live commission alone
    const preview = await call('GET', '/payouts/preview');
    expect(preview.body.data.total_by_currency).toEqual({ usd: 6000 });
    const run = await call('POST', '/payouts', {});
    expect(run.status).toBe(201);
    const payouts = run.body.data as { affiliate_id: string; amount: number }[];
    expect(payouts.map((p) => [p.affiliate_id, p.amount])).toEqual([[program.a.id, 6000]]);
  });
});
