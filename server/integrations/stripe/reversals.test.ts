import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDueConversions } from '../../domain/conversions/confirm';
import { liveSum } from '../../testing/program';
import { at, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { charge, checkoutSession, dispute, invoice, invoicePayment, refund, sid } from '../../testing/stripe/objects';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

/** The payment's charge, and the same charge as charge.refunded reports it with a running total. */
function charges(o: { paymentIntent: string; customer: string; amount: number }) {
  const ch = charge(o);
  return { charge: ch, refunded: (amountRefunded: number) => charge({ ...o, id: ch.id, amountRefunded }) };
}

// A referred subscription's first invoice, paid by a payment intent (newer API versions name it in
// invoice_payment.paid, not on the invoice or the charge).
async function paidInvoice(shop: Shop, amount = 10_000) {
  const customer = sid('cus');
  const paymentIntent = sid('pi');
  await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, clientReferenceId: await shop.click(2) }));
  // Paid a day ago: past a hold period of 0 days, so it can be confirmed and paid out.
  const inv = invoice({ customer, subscription: sid('sub'), amountPaid: amount, paidAt: at(-1) });
  await shop.send('invoice.paid', inv);
  await shop.send('invoice_payment.paid', invoicePayment({ invoice: inv.id, paymentIntent, amount, paidAt: at(-1) }));
  const conv = await shop.conversionOf(inv.id);
  return { conv, paymentIntent, ...charges({ paymentIntent, customer, amount }) };
}

// A one-time Checkout payment: the session is the sale, its payment intent the external id.
async function paidCheckout(shop: Shop, amount = 10_000) {
  const customer = sid('cus');
  const paymentIntent = sid('pi');
  await shop.send('checkout.session.completed', checkoutSession({ mode: 'payment', customer, paymentIntent, amountTotal: amount, clientReferenceId: await shop.click() }));
  const conv = await shop.conversionOf(paymentIntent);
  return { conv, paymentIntent, ...charges({ paymentIntent, customer, amount }) };
}

describe('refunds after the commission was paid out', () => {
  it('claws back pro rata on a partial refund, then the rest on the full refund', async () => {
    const shop = await h.shop({ prefix: 'ref', settings: { hold_days: 0, auto_approve_commissions: true, min_payout: 0 } });
    const { conv, refunded } = await paidInvoice(shop);
    await confirmDueConversions(h.api.db);
    const token = shop.program.token;
    const payout = await h.api.call('POST', '/v1/payouts', { token });
    expect(payout.body.data.map((p: { amount: number }) => p.amount)).toEqual([3000]);
    expect((await h.api.call('POST', `/v1/payouts/${payout.body.data[0].id}/status`, { token, body: { status: 'paid' } })).status).toBe(200);

    const partial = await shop.send('charge.refunded', refunded(4_000), { created: at(0.1) });
    expect(partial.res.body).toMatchObject({ status: 'applied', action: 'refund_applied' });
    expect(await shop.conversionOf(conv.externalId)).toMatchObject({ refundedAmount: 4_000, status: 'confirmed' });
    let ledger = await shop.commissionsOf(conv.id);
    expect(ledger.map((c) => [c.kind, c.amount, c.status])).toEqual([['earning', 3000, 'paid'], ['clawback', -1200, 'approved']]);

    const full = await shop.send('charge.refunded', refunded(10_000), { created: at(0.2) });
    expect(full.res.body).toMatchObject({ status: 'applied', action: 'refunded_in_full' });
    expect(await shop.conversionOf(conv.externalId)).toMatchObject({ refundedAmount: 10_000, status: 'refunded' });
    ledger = await shop.commissionsOf(conv.id);
    expect(ledger.map((c) => [c.kind, c.amount])).toEqual([['earning', 3000], ['clawback', -1200], ['clawback', -1800]]);
    expect(liveSum(ledger, shop.program.a.id)).toBe(0);

    // The partial refund's event delivered again, late: an older total changes nothing.
    const late = await shop.send('charge.refunded', refunded(4_000), { created: at(0.1) });
    expect(late.res.body).toMatchObject({ status: 'ignored', action: 'superseded' });
    expect((await shop.commissionsOf(conv.id)).length).toBe(3);
  });

  it('gives a failed refund back once', async () => {
    const shop = await h.shop({ prefix: 'fail' });
    const { conv, charge: ch, refunded } = await paidCheckout(shop);
    await shop.send('charge.refunded', refunded(10_000), { created: at(0.1) });
    expect(await shop.conversionOf(conv.externalId)).toMatchObject({ status: 'refunded' });
    const failed = refund({ charge: ch.id, paymentIntent: ch.payment_intent as string, amount: 10_000, status: 'failed' });
    const back = await shop.send('refund.updated', failed);
    expect(back.res.body).toMatchObject({ status: 'applied', action: 'refund_reverted' });
    expect(await shop.conversionOf(conv.externalId)).toMatchObject({ status: 'pending', refundedAmount: 0 });
    expect((await shop.commissionsOf(conv.id)).map((c) => [c.amount, c.status])).toEqual([[3000, 'pending']]);
    const twice = await shop.send('refund.updated', failed);
    expect(twice.res.body).toMatchObject({ status: 'ignored', action: 'already_reverted' });
  });
});

describe('disputes', () => {
  it('a lost dispute leaves the chargeback; a won one restores the sale and its commission', async () => {
    const shop = await h.shop({ prefix: 'dsp' });
    const lost = await paidCheckout(shop);
    const won = await paidCheckout(shop);
    for (const sale of [lost, won]) {
      const opened = await shop.send('charge.dispute.created', dispute({ charge: sale.charge.id, paymentIntent: sale.paymentIntent, amount: 10_000, status: 'needs_response' }));
      expect(opened.res.body).toMatchObject({ status: 'applied', action: 'chargeback' });
      expect(await shop.conversionOf(sale.paymentIntent)).toMatchObject({ status: 'chargeback' });
      expect((await shop.commissionsOf(sale.conv.id)).map((c) => c.status)).toEqual(['reversed']);
    }
    const closedLost = await shop.send('charge.dispute.closed', dispute({ charge: lost.charge.id, paymentIntent: lost.paymentIntent, amount: 10_000, status: 'lost' }));
    expect(closedLost.res.body).toMatchObject({ status: 'ignored', action: 'dispute_closed' });
    expect(await shop.conversionOf(lost.paymentIntent)).toMatchObject({ status: 'chargeback' });
    expect((await shop.commissionsOf(lost.conv.id)).map((c) => c.status)).toEqual(['reversed']);

    const closedWon = await shop.send('charge.dispute.closed', dispute({ charge: won.charge.id, paymentIntent: won.paymentIntent, amount: 10_000, status: 'won' }));
    expect(closedWon.res.body).toMatchObject({ status: 'applied', action: 'sale_restored' });
    expect(await shop.conversionOf(won.paymentIntent)).toMatchObject({ status: 'pending', refundedAmount: 0 });
    expect((await shop.commissionsOf(won.conv.id)).map((c) => [c.amount, c.status])).toEqual([[3000, 'pending']]);
  });

  it('ignores an inquiry: no funds were withdrawn', async () => {
    const shop = await h.shop({ prefix: 'inq' });
    const sale = await paidCheckout(shop);
    const inquiry = await shop.send('charge.dispute.created', dispute({ charge: sale.charge.id, paymentIntent: sale.paymentIntent, amount: 10_000, status: 'warning_needs_response' }));
    expect(inquiry.res.body).toMatchObject({ status: 'ignored', action: 'inquiry' });
    expect(await shop.conversionOf(sale.paymentIntent)).toMatchObject({ status: 'pending' });
  });
});
