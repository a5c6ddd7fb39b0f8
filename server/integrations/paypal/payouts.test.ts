import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayoutMethods, auditEvents, integrationEvents, integrations, payouts, workspaceSettings } from '@/db/schema';
import { finishProcessing, sendBatch } from '../../domain/payouts/send-batch';
import { TEST_ACTOR } from '../../testing/seed';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { startFakePaypal, type FakePaypal } from '../../testing/paypal/fake-api';
import { finishStuckPayouts } from '../payout-rails';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paypalApi } from './api';
import { payoutChunks, paypalRail } from './payouts';
import { paypal } from './provider';

// Sending a batch through PayPal Payouts (docs/paying-affiliates.md#paypal-payouts): the real /v1
// API and webhook receiver on one database, PayPal's official Payouts SDK against the local fake.

let h: StripeHarness;
let fake: FakePaypal;
beforeAll(async () => {
  [h, fake] = [await startStripeHarness(), await startFakePaypal()];
  setProviderApiBases({ paypal: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

let n = 0;
/** A workspace with a PayPal REST app (sandbox), min payout 0. */
async function workspace() {
  const api = h.api;
  const ws = await moneyWorkspace(api, ['*']);
  await api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, ws.id));
  const app = { clientId: `AcLiEnT${++n}${'x'.repeat(24)}${Date.now()}`, secret: `ESeCrEt${n}${'y'.repeat(30)}`, webhookId: `8PT597110X6874${n}LKGE` };
  fake.app(app.clientId, app.secret, app.webhookId);
  const ctx = { db: api.db, workspaceId: ws.id, actor: TEST_ACTOR };
  await saveIntegration({ ctx, provider: paypal, patch: { secret: app.secret, clientId: app.clientId, webhookId: app.webhookId, environment: 'sandbox' } });
  /** An affiliate paid through a confirmed PayPal address (or payer id), with approved commissions of `amounts`. */
  const affiliate = async (amounts: number[], { receiver = `aff${++n}@example.com`, currency = 'usd', method = 'paypal' } = {}) => {
    const a = await moneyAffiliate(api, ws);
    if (method === 'paypal') {
      await api.db.insert(affiliatePayoutMethods).values({ workspaceId: ws.id, affiliateId: a.affiliate.id, kind: 'paypal', state: 'ready', paypalReceiver: receiver, paypalConfirmedAt: new Date() });
    }
    const earned = [];
    for (const amount of amounts) earned.push(await a.earn({ amount, status: 'approved', currency }));
    return { ...a, receiver, earned };
  };
  const batch = async () => {
    const res = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(res.status).toBe(201);
    return { batchId: res.body.data[0].batch_id as string, lines: res.body.data as { id: string; affiliate_id: string; amount: number }[] };
  };
  const send = (batchId: string) => api.call('POST', `/v1/payout-batches/${batchId}/send`, { token: ws.token, body: { confirm: true } });
  const line = async (id: string) => (await api.db.select().from(payouts).where(eq(payouts.id, id)))[0];
  const lineOf = (lines: { id: string; affiliate_id: string }[], affiliateId: string) => lines.find((l) => l.affiliate_id === affiliateId)!.id;
  const itemOf = (lineId: string) => fake.items().find((i) => i.payout_item.sender_item_id === lineId)!;
  /** Delivers the item's event, as PayPal would, to this workspace's endpoint. */
  const deliver = (lineId: string, o: { badSignature?: boolean; webhookId?: string } = {}) => {
    const d = fake.delivery(itemOf(lineId), o.webhookId ?? app.webhookId, o);
    return h.post(`/integrations/paypal/${ws.publicId}`, d.body, d.headers);
  };
  return { ws, ctx, app, affiliate, batch, send, line, lineOf, itemOf, deliver };
}

const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/payments/payouts'));
const later = () => new Date(Date.now() + 3 * 60_000);

describe('PayPal Payouts', () => {
  it('sends the PayPal lines as one payout; each item is paid by its webhook, once', async () => {
    const w = await workspace();
    const [a, b, m] = [await w.affiliate([3000, 1500]), await w.affiliate([2500], { receiver: 'PAYERID7X2Y' }), await w.affiliate([900], { method: 'manual' })];
    const { batchId, lines } = await w.batch();
    const [la, lb, lm] = [a, b, m].map((x) => w.lineOf(lines, x.affiliate.id));
    const before = posts().length;
    const res = await w.send(batchId);
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([]);
    expect(res.body.sent.map((p: { status: string; rail: string }) => [p.status, p.rail])).toEqual([['processing', 'paypal'], ['processing', 'paypal']]);
    expect(posts().length - before).toBe(1);
    const body = posts().at(-1)!.body as { sender_batch_header: { sender_batch_id: string }; items: unknown[] };
    expect(body.sender_batch_header.sender_batch_id).toBe(batchId);
    expect(body.items).toEqual(
      expect.arrayContaining([
        { recipient_type: 'EMAIL', amount: { currency: 'USD', value: '45.00' }, receiver: a.receiver, sender_item_id: la },
        { recipient_type: 'PAYPAL_ID', amount: { currency: 'USD', value: '25.00' }, receiver: 'PAYERID7X2Y', sender_item_id: lb },
      ]),
    );
    expect(body.items).toHaveLength(2);
    const batchRef = w.itemOf(la).payout_batch_id;
    expect(await w.line(la)).toMatchObject({ status: 'processing', rail: 'paypal', destination: a.receiver, providerBatchRef: batchRef });
    expect(await w.line(lm)).toMatchObject({ status: 'pending', rail: null });

    fake.settle();
    for (const [x, id] of [[a, la], [b, lb]] as const) {
      const got = await w.deliver(id);
      expect(got).toMatchObject({ status: 200, body: { status: 'applied', action: 'payout_paid' } });
      expect(await w.line(id)).toMatchObject({ status: 'paid', providerRef: w.itemOf(id).payout_item_id, providerBatchRef: batchRef });
      for (const c of x.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'paid', payoutId: id });
    }
    // the same delivery again is a duplicate; the same news in a new event changes nothing
    const d = fake.delivery(w.itemOf(lb), w.app.webhookId);
    expect((await h.post(`/integrations/paypal/${w.ws.publicId}`, d.body, d.headers)).body).toMatchObject({ status: 'ignored', action: 'already_recorded' });
    expect((await h.post(`/integrations/paypal/${w.ws.publicId}`, d.body, d.headers)).body).toMatchObject({ received: true, duplicate: true });
    expect((await w.deliver(la)).body).toMatchObject({ status: 'ignored', action: 'already_recorded' });
    expect((await eventsOf(h.api, w.ws.id, 'payout.sent')).length).toBe(2);
    expect((await eventsOf(h.api, w.ws.id, 'payout.paid')).length).toBe(2);
    const actions = (await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, w.ws.id))).map((e) => e.action);
    expect(actions.filter((x) => x === 'payout.paid')).toHaveLength(2);
    expect(actions.filter((x) => x === 'payout.accepted')).toHaveLength(2);
  });

  it('a call whose answer was lost is made again: PayPal refuses the sender_batch_id, its batch is read, nothing is paid twice', async () => {
    const w = await workspace();
    const [a, b] = [await w.affiliate([2000]), await w.affiliate([1000])];
    const { batchId, lines } = await w.batch();
    const itemsBefore = fake.items().length;
    fake.dropNext(1);
    expect((await w.send(batchId)).status).toBe(200);
    for (const l of lines) expect(await w.line(l.id)).toMatchObject({ status: 'processing', providerBatchRef: null });
    expect(fake.items().length - itemsBefore).toBe(2);
    // the recovery job repeats the call; PayPal answers USER_BUSINESS_ERROR with the batch's link
    await finishStuckPayouts(h.api.db, later());
    expect(fake.items().length - itemsBefore).toBe(2);
    const batchRef = w.itemOf(lines[0].id).payout_batch_id;
    for (const l of lines) expect(await w.line(l.id)).toMatchObject({ status: 'processing', providerBatchRef: batchRef, providerRef: w.itemOf(l.id).payout_item_id });
    // once PayPal paid the items, the next run reads them paid, without another call
    fake.settle();
    const postsBefore = posts().length;
    await finishStuckPayouts(h.api.db, later());
    expect(posts().length).toBe(postsBefore);
    for (const x of [a, b]) expect(await w.line(w.lineOf(lines, x.affiliate.id))).toMatchObject({ status: 'paid' });
    expect(fake.items().filter((i) => i.payout_batch_id === batchRef)).toHaveLength(2);
    expect(fake.items().length - itemsBefore).toBe(lines.length);
  });

  it('PayPal down (500) leaves the lines processing, unanswered; the recovery sends them once', async () => {
    const w = await workspace();
    await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    const before = fake.items().length;
    fake.failNext(1);
    expect((await w.send(batchId)).status).toBe(200);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing', providerBatchRef: null });
    expect(fake.items().length).toBe(before);
    const actions = (await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, w.ws.id))).map((e) => e.action);
    expect(actions).toContain('payout.send_unanswered');
    await finishStuckPayouts(h.api.db, later());
    expect(fake.items().length - before).toBe(1);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing', providerBatchRef: w.itemOf(lines[0].id).payout_batch_id });
  });

  it('one item failing releases its commissions with the reason; the others pay', async () => {
    const w = await workspace();
    const [a, b] = [await w.affiliate([2000]), await w.affiliate([1000, 700], { receiver: 'nobody@example.com' })];
    fake.fate('nobody@example.com', 'FAILED', 'RECEIVER_UNREGISTERED');
    const { batchId, lines } = await w.batch();
    expect((await w.send(batchId)).status).toBe(200);
    fake.settle();
    const [la, lb] = [w.lineOf(lines, a.affiliate.id), w.lineOf(lines, b.affiliate.id)];
    expect((await w.deliver(lb)).body).toMatchObject({ status: 'applied', action: 'payout_failed' });
    expect((await w.deliver(la)).body).toMatchObject({ status: 'applied', action: 'payout_paid' });
    expect(await w.line(lb)).toMatchObject({ status: 'failed', failureReason: 'failed: PayPal could not pay this item (RECEIVER_UNREGISTERED)' });
    for (const c of b.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'approved', payoutId: null });
    expect(await commissionRow(h.api, a.earned[0].id)).toMatchObject({ status: 'paid', payoutId: la });
    expect((await eventsOf(h.api, w.ws.id, 'payout.failed')).map((e) => (e.payload as { data: { id: string } }).data.id)).toEqual([lb]);
    const next = await w.batch();
    expect(next.lines.map((l) => [l.affiliate_id, l.amount])).toEqual([[b.affiliate.id, 1700]]);
  });

  it('a returned item reopens its commissions: paid then refunded, or unclaimed then returned', async () => {
    const w = await workspace();
    const [a, b] = [await w.affiliate([2000]), await w.affiliate([1200], { receiver: 'late@example.com' })];
    fake.fate('late@example.com', 'UNCLAIMED');
    const { batchId, lines } = await w.batch();
    await w.send(batchId);
    fake.settle();
    const [la, lb] = [w.lineOf(lines, a.affiliate.id), w.lineOf(lines, b.affiliate.id)];
    await w.deliver(la);
    expect((await w.deliver(lb)).body).toMatchObject({ status: 'ignored', action: 'still_processing' });
    expect(await w.line(lb)).toMatchObject({ status: 'processing' });
    fake.setStatus(w.itemOf(la), 'REFUNDED');
    fake.setStatus(w.itemOf(lb), 'RETURNED');
    expect((await w.deliver(la)).body).toMatchObject({ status: 'applied', action: 'payout_returned' });
    expect((await w.deliver(lb)).body).toMatchObject({ status: 'applied', action: 'payout_failed' });
    expect(await w.line(la)).toMatchObject({ status: 'returned', failureReason: 'refunded: the receiver refunded the payment' });
    expect(await w.line(lb)).toMatchObject({ status: 'returned', failureReason: 'returned: the receiver did not claim the payment within 30 days' });
    expect(await commissionRow(h.api, a.earned[0].id)).toMatchObject({ status: 'approved', payoutId: null });
    expect(await commissionRow(h.api, b.earned[0].id)).toMatchObject({ status: 'approved', payoutId: null });
    expect((await w.batch()).lines).toHaveLength(2);
  });

  it('refuses a delivery whose signature does not verify, or for another webhook: 400, nothing stored or changed', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    await w.send(batchId);
    fake.settle();
    const other = await workspace();
    for (const o of [{ badSignature: true }, { webhookId: other.app.webhookId }]) {
      const res = await w.deliver(lines[0].id, o);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', detail: expect.stringContaining('PAYPAL-TRANSMISSION-SIG') });
    }
    const unsigned = await h.post(`/integrations/paypal/${w.ws.publicId}`, JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' }), {});
    expect(unsigned.status).toBe(400);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing' });
    expect(await commissionRow(h.api, a.earned[0].id)).toMatchObject({ status: 'approved' });
    expect(await h.api.db.select().from(integrationEvents).where(and(eq(integrationEvents.workspaceId, w.ws.id), eq(integrationEvents.provider, 'paypal')))).toEqual([]);
    // an item of this workspace's line, sent to another workspace's endpoint, finds nothing there
    const elsewhere = fake.delivery(w.itemOf(lines[0].id), other.app.webhookId);
    expect((await h.post(`/integrations/paypal/${other.ws.publicId}`, elsewhere.body, elsewhere.headers)).body).toMatchObject({ status: 'ignored', action: 'no_payout' });
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing' });
    // the genuine delivery still applies
    expect((await w.deliver(lines[0].id)).body).toMatchObject({ status: 'applied', action: 'payout_paid' });
  });

  it('skips a currency PayPal does not pay, and refuses a batch with PayPal lines and no credentials', async () => {
    const w = await workspace();
    await w.affiliate([2000], { currency: 'inr' });
    const { batchId, lines } = await w.batch();
    const res = await w.send(batchId);
    expect(res.body.skipped).toEqual([{ id: lines[0].id, reason: 'currency_not_payable: PayPal Payouts does not pay in INR' }]);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'pending', rail: null });

    const bare = await moneyWorkspace(h.api, ['*']);
    await h.api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, bare.id));
    const x = await moneyAffiliate(h.api, bare);
    await h.api.db.insert(affiliatePayoutMethods).values({ workspaceId: bare.id, affiliateId: x.affiliate.id, kind: 'paypal', state: 'ready', paypalReceiver: 'x@example.com', paypalConfirmedAt: new Date() });
    await x.earn({ amount: 500, status: 'approved' });
    const made = await h.api.call('POST', '/v1/payouts', { token: bare.token });
    const refused = await h.api.call('POST', `/v1/payout-batches/${made.body.data[0].batch_id}/send`, { token: bare.token, body: { confirm: true } });
    expect(refused).toMatchObject({ status: 409, body: { error: 'invalid_state', detail: expect.stringContaining('PayPal') } });
  });

  it('keeps the credentials checked at PayPal: the secret sealed and shown by its last 4, the ids as they are', async () => {
    const w = await workspace();
    const [row] = await h.api.db.select().from(integrations).where(and(eq(integrations.workspaceId, w.ws.id), eq(integrations.provider, 'paypal')));
    expect(row).toMatchObject({ clientId: w.app.clientId, webhookId: w.app.webhookId, environment: 'sandbox', secretHint: `…${w.app.secret.slice(-4)}` });
    expect(row.secretSealed).not.toContain(w.app.secret);
    const save = (patch: Parameters<typeof saveIntegration>[0]['patch']) => saveIntegration({ ctx: w.ctx, provider: paypal, patch });
    await expect(save({ secret: `${'z'.repeat(30)}wrong`, clientId: w.app.clientId })).rejects.toThrow(/refused this client id and secret/);
    const fresh = { ...w.ctx, workspaceId: (await moneyWorkspace(h.api)).id };
    await expect(saveIntegration({ ctx: fresh, provider: paypal, patch: { secret: w.app.secret, clientId: w.app.clientId, environment: 'sandbox' } })).rejects.toThrow(/webhook id/);
    const audit = (await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, w.ws.id))).find((e) => e.action === 'integration.connected')!;
    expect(JSON.stringify(audit)).not.toContain(w.app.secret);
  });

  it('cuts more lines than one call takes into calls of the batch id, -2, -3, the same on a retry after timeouts', async () => {
    expect(payoutChunks('b1', [1, 2, 3, 4, 5], 2)).toEqual([
      { senderBatchId: 'b1', lines: [1, 2] },
      { senderBatchId: 'b1-2', lines: [3, 4] },
      { senderBatchId: 'b1-3', lines: [5] },
    ]);
    const w = await workspace();
    for (let i = 0; i < 3; i++) await w.affiliate([1000 + i], { currency: 'jpy' });
    const { batchId, lines } = await w.batch();
    // a short timeout, so PayPal's silence ends the call as a timeout would
    const rail = paypalRail(paypalApi({ clientId: w.app.clientId, secret: w.app.secret, environment: 'sandbox' }, { timeoutMs: 300 }), 2);
    const before = posts().length;
    fake.hangNext(2);
    await sendBatch({ ctx: w.ctx, batchId, rails: [rail] });
    const calls = posts().slice(before);
    const ids = [...lines.map((l) => l.id)].sort();
    expect(calls.map((c) => (c.body as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header.sender_batch_id)).toEqual([batchId, `${batchId}-2`]);
    expect(calls.map((c) => (c.body as { items: { sender_item_id: string }[] }).items.map((i) => i.sender_item_id))).toEqual([ids.slice(0, 2), ids.slice(2)]);
    const amounts = calls.flatMap((c) => (c.body as { items: { amount: { currency: string; value: string } }[] }).items.map((i) => i.amount));
    expect(amounts.map((m) => `${m.value} ${m.currency}`).sort()).toEqual(['1000 JPY', '1001 JPY', '1002 JPY']);
    // both calls timed out: the retry makes the same two calls, refused, and reads both batches
    fake.settle();
    await finishProcessing({ ctx: w.ctx, rail });
    expect(posts().length - before).toBe(4);
    for (const id of ids) expect(await w.line(id)).toMatchObject({ status: 'paid' });
    expect(fake.items().filter((i) => ids.includes(i.payout_item.sender_item_id))).toHaveLength(3);
  });
});
