import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, integrationEvents } from '@/db/schema';
import { paddleNotification, paddleSignature, pid, transaction } from '../testing/paddle/objects';
import { stripeEvent } from '../testing/stripe/event';
import { SECRET, startStripeHarness, type Shop, type StripeHarness } from '../testing/stripe/harness';
import { checkoutSession, sid } from '../testing/stripe/objects';
import { REJECTED_BODY_CHARS } from './intake';
import { paddle } from './paddle/provider';
import { saveIntegration } from './settings';

// A correctly signed body that is no well-formed event (PostgreSQL cannot store it, or the
// envelope is missing) is kept as `rejected` with the reason and answered 200, so the provider
// stops delivering it; it never records a sale. The signature is still checked first.
let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const eventsOf = (workspaceId: string) => h.api.db.select().from(integrationEvents).where(eq(integrationEvents.workspaceId, workspaceId));
const salesOf = (workspaceId: string) => h.api.db.select().from(conversions).where(eq(conversions.workspaceId, workspaceId));

/** A one-time checkout referred by affiliate A: a sale, were it well formed. */
const referredSale = (shop: Shop, metadata: Record<string, string> = {}) =>
  stripeEvent('checkout.session.completed', checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: sid('pi'), metadata: { refcount_ref: shop.program.a.ref, ...metadata } }));
const signStripe = (body: string, secret = SECRET) => ({ 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) });

/** Sends each body signed; each must be one rejected row with a reason, and nothing else. */
async function expectRejected(shop: Shop, bodies: Record<string, string>, sign: (body: string) => Record<string, string>) {
  for (const [name, body] of Object.entries(bodies)) {
    const before = new Set((await eventsOf(shop.program.ws.id)).map((r) => r.id));
    const res = await shop.post(body, sign(body));
    expect(res, name).toMatchObject({ status: 200, body: { received: true, status: 'rejected', detail: expect.any(String) } });
    const added = (await eventsOf(shop.program.ws.id)).filter((r) => !before.has(r.id));
    expect(added, name).toEqual([expect.objectContaining({ status: 'rejected', action: 'malformed_event', detail: res.body.detail, nextAttemptAt: null })]);
    // The same bad body again is a duplicate: still one row, still 200.
    expect(await shop.post(body, sign(body)), name).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await eventsOf(shop.program.ws.id), name).toHaveLength(before.size + 1);
  }
  expect(await salesOf(shop.program.ws.id)).toEqual([]);
}

describe('Stripe: signed but malformed events', () => {
  it('stores each as rejected with its reason, answers 200 and records no sale', async () => {
    const shop = await h.shop({ prefix: 'mal' });
    const ok = referredSale(shop);
    const { id: _id, ...noId } = referredSale(shop);
    const { type: _type, ...noType } = referredSale(shop);
    await expectRejected(shop, {
      'NUL in a value': JSON.stringify(referredSale(shop, { note: 'a\u0000b' })),
      'NUL in a key': JSON.stringify(referredSale(shop, { 'k\u0000': 'v' })),
      'unpaired surrogate': JSON.stringify(referredSale(shop, { note: '\ud800' })),
      'no data.object': JSON.stringify({ ...referredSale(shop), data: {} }),
      'data.object not an object': JSON.stringify({ ...referredSale(shop), data: { object: 'cs_1' } }),
      'an array body': JSON.stringify([ok]),
      'a numeric id': JSON.stringify({ ...referredSale(shop), id: 12345 }),
      'no id': JSON.stringify(noId),
      'no type': JSON.stringify(noType),
      'not JSON': '{"id": "evt_1", "type": ',
      'JSON null': 'null',
    }, (body) => signStripe(body));
    // The reasons say what is wrong, and the provider's id labels the event when it is usable.
    const rows = await eventsOf(shop.program.ws.id);
    expect(rows.map((r) => r.detail)).toEqual(expect.arrayContaining([
      expect.stringContaining('NUL'),
      expect.stringMatching(/^malformed envelope: data\.object/),
      'the body is not a JSON object',
      expect.stringMatching(/^malformed envelope: id: /),
      expect.stringMatching(/^malformed envelope: type: /),
      'the body is not JSON',
    ]));
    expect(rows.filter((r) => r.eventId.startsWith('evt_')).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.eventId.startsWith('sha256:')).length).toBeGreaterThanOrEqual(4);
    // The well-formed event still records its sale.
    expect((await shop.deliver(ok)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    expect(await salesOf(shop.program.ws.id)).toHaveLength(1);
  });

  it('keeps a safe, bounded copy of the body', async () => {
    const shop = await h.shop({ prefix: 'mlb' });
    const body = JSON.stringify({ ...referredSale(shop, { note: 'x\u0000'.repeat(20_000) }) });
    expect((await shop.post(body, signStripe(body))).status).toBe(200);
    const [row] = await eventsOf(shop.program.ws.id);
    const kept = (row.payload as { rejected_body: { body: string; bytes: number; truncated: boolean } }).rejected_body;
    expect(kept).toMatchObject({ bytes: Buffer.byteLength(body), truncated: true });
    expect(kept.body).toHaveLength(REJECTED_BODY_CHARS);
    expect(kept.body.startsWith(body.slice(0, 100))).toBe(true);
  });

  it('checks the signature first: a forged or stale malformed body is 400 and stores nothing', async () => {
    const shop = await h.shop({ prefix: 'mlf' });
    const body = JSON.stringify({ ...referredSale(shop), data: {} });
    const stale = { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 }) };
    for (const headers of [signStripe(body, 'whsec_some_other_endpoint_secret_000'), stale, {}]) {
      expect(await shop.post(body, headers)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    }
    expect(await eventsOf(shop.program.ws.id)).toEqual([]);
  });
});

describe('Paddle: signed but malformed notifications', () => {
  const PADDLE_SECRET = 'pdl_ntfset_01hmalformed0000000000000_s3cr3tK3y';

  it('stores each as rejected with its reason, answers 200 and records no sale', async () => {
    const shop = await h.shop({ prefix: 'pml' });
    await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: PADDLE_SECRET } });
    const path = `/integrations/paddle/${shop.program.ws.publicId}`;
    const sale = transaction({ customer: pid('ctm'), origin: 'web', product: pid('pro'), amount: 10_000, billedAt: new Date().toISOString(), customData: { refcount_ref: shop.program.a.ref } });
    const good = JSON.parse(paddleNotification('transaction.completed', sale, PADDLE_SECRET).body) as { event_type: string; [key: string]: unknown };
    const fresh = () => ({ ...good, event_id: pid('evt') });
    const { event_type: _type, ...noType } = fresh();
    const sign = (body: string) => ({ 'Paddle-Signature': paddleSignature(body, PADDLE_SECRET) });
    const post = (body: string, headers: Record<string, string>) => h.post(path, body, headers);
    await expectRejected({ ...shop, post }, {
      'NUL in a value': JSON.stringify({ ...fresh(), data: { ...sale, custom_data: { note: '\u0000' } } }),
      'no data': JSON.stringify({ ...fresh(), data: null }),
      'an array body': JSON.stringify([fresh()]),
      'a numeric event_id': JSON.stringify({ ...fresh(), event_id: 42 }),
      'no event_type': JSON.stringify(noType),
    }, sign);
    const ok = JSON.stringify(fresh());
    expect((await post(ok, sign(ok))).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
  });
});
