import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, integrationEvents } from '@/db/schema';
import { customer } from '../../testing/stripe/customers';
import { at, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, sid } from '../../testing/stripe/objects';

// Issue 44, point 3: customers who never pass through Checkout, and invoices decided at once when
// no link can come.

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const firstInvoice = (customerId: string, o: Partial<Stripe.Invoice> = {}): Stripe.Invoice => ({
  ...invoice({ customer: customerId, subscription: sid('sub'), billingReason: 'subscription_create', amountPaid: 10_000, paidAt: at(0) }),
  ...o,
});

describe('customer.created|updated', () => {
  it('metadata.refcount_ref links a customer made by the API; its invoices are the affiliate’s', async () => {
    const shop = await h.shop({ prefix: 'cme' });
    const cus = customer({ metadata: { refcount_ref: shop.program.b.ref } });
    const created = await shop.send('customer.created', cus);
    expect(created.res.body).toMatchObject({ status: 'applied', action: 'lead_created' });
    expect(await shop.conversionOf(cus.id)).toMatchObject({ type: 'lead', customerId: cus.id, affiliateId: shop.program.b.id, matchMethod: 'ref' });
    const inv = firstInvoice(cus.id);
    expect((await shop.send('invoice.paid', inv)).res.body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'customer' });
    // a later change of metadata does not move the customer
    const moved = await shop.send('customer.updated', customer({ id: cus.id, metadata: { refcount_ref: shop.program.a.ref } }));
    expect(moved.res.body).toMatchObject({ status: 'ignored', action: 'already_linked' });
  });

  it('metadata.refcount_visitor_id: the click’s window applies when the customer is made, not at the payment', async () => {
    const shop = await h.shop({ prefix: 'cmv' });
    const visitor = await shop.click(25);
    const cus = customer({ metadata: { refcount_visitor_id: visitor } });
    expect((await shop.send('customer.updated', cus)).res.body).toMatchObject({ status: 'applied', action: 'lead_created' });
    const inv = { ...firstInvoice(cus.id), billing_reason: 'manual' as const, status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: at(10), voided_at: null } };
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'customer' });
  });

  it('a customer event without referral notes nothing, so its checkout still links it', async () => {
    const shop = await h.shop({ prefix: 'cck' });
    const cus = customer({ email: null });
    expect((await shop.send('customer.created', cus)).res.body).toMatchObject({ status: 'ignored', action: 'no_referral' });
    const subscription = sid('sub');
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer: cus.id, subscription, metadata: { refcount_ref: shop.program.a.ref } }));
    const inv = invoice({ customer: cus.id, subscription, amountPaid: 10_000, paidAt: at(0) });
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.a.id, matchMethod: 'ref' });
  });
});

describe('a lead’s e-mail links a later Stripe customer', () => {
  it('links by the inbox the address reaches, keeps only a hash, and never shows the address', async () => {
    const shop = await h.shop({ prefix: 'eml' });
    const lead = await shop.program.track('lead', { external_id: 'signup_1', ref: shop.program.b.ref, email: 'Jo.Ann+trial@GoogleMail.com' });
    expect(lead.body).toMatchObject({ ok: true, attributed: true });
    const [row] = await h.api.db.select().from(conversions).where(eq(conversions.id, lead.body.conversion_id));
    expect(row.emailHash).toMatch(/^[0-9a-f]{64}$/);
    const cus = customer({ email: 'joann@gmail.com' });
    const linked = await shop.send('customer.created', cus);
    expect(linked.res.body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    const inv = firstInvoice(cus.id);
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.b.id });
    const events = await h.api.db.select().from(integrationEvents).where(eq(integrationEvents.workspaceId, shop.program.ws.id));
    expect(events.map((e) => e.detail).join(' ')).not.toMatch(/joann|jo\.ann|gmail/i);
    expect(JSON.stringify(await h.api.db.select().from(conversions).where(eq(conversions.workspaceId, shop.program.ws.id)))).not.toMatch(/gmail/i);
  });

  it('a workspace that turned it off links no one by e-mail, and the invoice is decided at once', async () => {
    const shop = await h.shop({ prefix: 'eof' });
    const off = await h.api.call('PATCH', '/v1/settings', { token: shop.program.token, body: { link_customers_by_email: false } });
    expect(off.body.data).toMatchObject({ link_customers_by_email: false });
    await shop.program.track('lead', { external_id: 'signup_2', ref: shop.program.b.ref, email: 'sam@example.com' });
    const cus = customer({ email: 'sam@example.com' });
    const res = await shop.send('customer.created', cus);
    expect(res.res.body).toMatchObject({ status: 'ignored', action: 'no_referral' });
    expect((await shop.eventRow(res.event.id)).detail).toContain('turned off');
    const inv = firstInvoice(cus.id, { collection_method: 'send_invoice' });
    expect((await shop.send('invoice.paid', inv)).res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
  });

  it('an e-mail that matches no lead links no one', async () => {
    const shop = await h.shop({ prefix: 'enm' });
    await shop.program.track('lead', { external_id: 'signup_3', ref: shop.program.b.ref, email: 'kim@example.com' });
    expect((await shop.send('customer.created', customer({ email: 'lee@example.com' }))).res.body).toMatchObject({ status: 'ignored', action: 'no_referral' });
  });
});

describe('an invoice without a link: waiting only while a checkout can come', () => {
  it('decides at once an invoice Checkout never makes (sent by e-mail) and one whose checkout’s hour is over', async () => {
    const shop = await h.shop({ prefix: 'now' });
    const sent = firstInvoice(sid('cus'), { collection_method: 'send_invoice' });
    expect((await shop.send('invoice.paid', sent)).res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
    const old = firstInvoice(sid('cus'));
    const late = await shop.send('invoice.paid', old, { created: Math.floor(Date.now() / 1000) - 2 * 3600 });
    expect(late.res.body).toMatchObject({ status: 'ignored', action: 'not_attributed' });
  });

  it('waits for the checkout of a subscription’s first invoice, says why and until when, and decides then', async () => {
    const shop = await h.shop({ prefix: 'wai' });
    const inv = firstInvoice(sid('cus'));
    const early = await shop.send('invoice.paid', inv);
    expect(early.res.body).toMatchObject({ status: 'waiting' });
    const row = await shop.eventRow(early.event.id);
    expect(row.detail).toContain("Stripe sends it with a subscription's first invoice; decided without it at");
    // the next try is no later than the end of the checkout's hour
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(early.event.created * 1000 + 3600_000);
    // an hour on (the event as created then), nothing came: decided
    await h.api.db
      .update(integrationEvents)
      .set({ payload: { ...(row.payload as object), created: early.event.created - 7200 }, nextAttemptAt: new Date() })
      .where(eq(integrationEvents.id, row.id));
    await h.retry();
    expect(await shop.eventRow(early.event.id)).toMatchObject({ status: 'ignored', action: 'not_attributed' });
  });
});
