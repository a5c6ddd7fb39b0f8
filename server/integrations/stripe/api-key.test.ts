import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, integrationEvents, integrations } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { toApiError } from '../../errors/table';
import { setProviderApiBases } from '../provider-api';
import { checkoutLineItem } from '../../testing/stripe/account';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { at, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, promotionCode, sid } from '../../testing/stripe/objects';
import { dashboardCaller } from '../../testing/session-caller';
import { saveIntegration } from '../settings';
import { stripe } from './provider';

// The optional restricted API key (docs/integrations/stripe.md "API key"): checked at Stripe on
// save, sealed, never answered nor logged; with it, what events leave out is read from Stripe.

let h: StripeHarness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await startStripeHarness();
  fake = await startFakeStripe();
  setProviderApiBases({ stripe: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

const newKey = () => `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;

// Every line this process writes while a test runs, to look for the key in.
let written: string[] = [];
const capture = () => {
  written = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write);
  }
};
afterEach(() => vi.restoreAllMocks());

async function owner(workspaceId: string) {
  const user = await createUser(h.api.db, { email: `owner-${sid('u')}@example.com`, password: 'password-1', workspaceId, role: 'owner' });
  return dashboardCaller(h.api, user.id);
}

/** The error an API call answers, with its detail (the dashboard shows it). */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const { status, body } = toApiError(e as never, undefined, 'test');
    return { status, ...(body as { error: string; detail?: string }) };
  }
  throw new Error('expected the call to fail');
}

async function withKey(shop: Shop, withheld: Parameters<FakeStripe['key']>[1] = []) {
  const key = newKey();
  fake.key(key, withheld);
  await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
  return key;
}

describe('saving a restricted key', () => {
  it('checks each permission once, seals the key and answers only its last characters', async () => {
    capture();
    const shop = await h.shop({ prefix: 'key' });
    const caller = await owner(shop.program.ws.id);
    const key = newKey();
    fake.key(key);
    const before = fake.requests.length;
    const saved = await caller.integrations.save({ provider: 'stripe', api_key: key });
    expect(saved.api_key).toMatchObject({ backfill: true, hint: `…${key.slice(-4)}`, example: 'rk_live_…', where: expect.stringContaining('restricted key'), permissions: expect.arrayContaining(['Promotion Codes: read']) });
    const probes = fake.requests.slice(before);
    expect(probes.map((r) => r.path.split('?')[0]).sort()).toEqual([
      '/v1/checkout/sessions',
      '/v1/coupons/refcount_permission_check',
      '/v1/customers',
      '/v1/invoices',
      '/v1/products',
      '/v1/promotion_codes',
      '/v1/promotion_codes/promo_refcount_permission_check',
    ]);
    // the write permissions are proven by updates of ids that do not exist: nothing is written
    expect(fake.account.coupons).toEqual([]);
    expect(probes.every((r) => r.key === key && (r.path.endsWith('?limit=1') || r.path.endsWith('permission_check')))).toBe(true);
    const [row] = await h.api.db.select().from(integrations).where(eq(integrations.workspaceId, shop.program.ws.id));
    expect(row.apiKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(key.slice(8, -4));
    const status = await caller.integrations.status({ provider: 'stripe' });
    const audit = await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, shop.program.ws.id));
    expect(audit.find((a) => a.action === 'integration.updated')?.changes).toEqual({ provider: 'stripe', before: {}, after: { api_key: 'set' } });
    for (const text of [JSON.stringify(saved), JSON.stringify(status), JSON.stringify(audit), written.join('')]) expect(text).not.toContain(key.slice(8));
    // Removed with null: nothing is left of it.
    expect((await caller.integrations.save({ provider: 'stripe', api_key: null })).api_key?.hint).toBeNull();
    expect((await h.api.db.select().from(integrations).where(eq(integrations.workspaceId, shop.program.ws.id)))[0]).toMatchObject({ apiKeySealed: null, apiKeyHint: null });
  });

  it('names the permission a key lacks, and keeps nothing', async () => {
    capture();
    const shop = await h.shop({ prefix: 'kmis' });
    const caller = await owner(shop.program.ws.id);
    const key = newKey();
    fake.key(key, ['promotion_codes']);
    const one = await refusal(caller.integrations.save({ provider: 'stripe', api_key: key }));
    expect(one).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(one.detail).toBe('api_key: the key lacks Promotion Codes: read: add this permission to the restricted key in Stripe');
    const two = newKey();
    fake.key(two, ['invoices', 'products']);
    expect((await refusal(caller.integrations.save({ provider: 'stripe', api_key: two }))).detail).toContain('the key lacks Invoices: read, Products: read');
    // affiliate codes are written with the key: a read-only one is refused for the writes
    const readOnly = newKey();
    fake.key(readOnly, ['coupons_write', 'promotion_codes_write']);
    expect((await refusal(caller.integrations.save({ provider: 'stripe', api_key: readOnly }))).detail).toBe('api_key: the key lacks Coupons: write, Promotion Codes: write: add these permissions to the restricted key in Stripe');
    // A key Stripe does not know, and a secret key (far more than Refcount needs), are refused too.
    expect((await refusal(caller.integrations.save({ provider: 'stripe', api_key: newKey() }))).detail).toBe('api_key: Stripe refused this key: revoked, expired or mistyped');
    const sk = `sk_live_${'a'.repeat(24)}`;
    expect((await refusal(caller.integrations.save({ provider: 'stripe', api_key: sk }))).detail).toContain('restricted key');
    expect((await caller.integrations.status({ provider: 'stripe' })).api_key?.hint).toBeNull();
    const audit = await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, shop.program.ws.id));
    expect(audit.filter((a) => a.action.startsWith('integration.updated'))).toEqual([]);
    // Stripe's own 403 message quotes the key's ends: it is never repeated.
    expect(written.join('')).not.toContain(key.slice(-6));
    expect(JSON.stringify(one)).not.toContain(key.slice(-6));
  });
});

describe('what an event leaves out, read with the key', () => {
  it('resolves a promotion code created before Stripe was connected, and attributes the checkout by it', async () => {
    capture();
    const shop = await h.shop({ prefix: 'kpro' });
    const key = await withKey(shop);
    const promo = promotionCode({ code: shop.program.b.ref.toUpperCase() });
    fake.account.promotionCodes.push(promo); // at Stripe only: no promotion_code.created reached us
    const customer = sid('cus');
    const linked = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, promotionCode: promo.id }));
    expect(linked.res.body).toMatchObject({ status: 'applied', action: 'customer_linked' });
    expect(await shop.eventRow(linked.event.id)).toMatchObject({ detail: `${customer} linked to code ${promo.code}` });
    const inv = invoice({ customer, subscription: sid('sub'), amountPaid: 8_000, paidAt: at(0) });
    await shop.send('invoice.paid', inv);
    expect(await shop.conversionOf(inv.id)).toMatchObject({ affiliateId: shop.program.b.id, matchMethod: 'manual_code' });
    // Remembered: a second checkout with the code asks Stripe nothing.
    const asked = fake.requests.filter((r) => r.path === `/v1/promotion_codes/${promo.id}`).length;
    await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer: sid('cus'), promotionCode: promo.id }));
    expect(fake.requests.filter((r) => r.path === `/v1/promotion_codes/${promo.id}`)).toHaveLength(asked);
    expect(asked).toBe(1);
    expect(written.join('')).not.toContain(key.slice(8));
  });

  it('a key that lost the permission since: the checkout is applied as before (the code stays unknown), the log says so', async () => {
    capture();
    const shop = await h.shop({ prefix: 'knop' });
    const key = await withKey(shop);
    fake.key(key, ['promotion_codes']); // revoked at Stripe after the save
    const promo = promotionCode({ code: shop.program.b.ref.toUpperCase() });
    fake.account.promotionCodes.push(promo);
    const res = await shop.send('checkout.session.completed', checkoutSession({ mode: 'subscription', customer: sid('cus'), promotionCode: promo.id }));
    expect(res.res.body).toMatchObject({ status: 'ignored', action: 'no_referral' });
    const said = written.filter((l) => l.includes('integrations.api_key_refused'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('"failure":"permission"');
    expect(said[0]).not.toContain(key.slice(-6));
  });

  it("reads a one-time payment's line items, so a product rule applies", async () => {
    const shop = await h.shop({ prefix: 'kli' });
    await withKey(shop);
    const product = sid('prod');
    const rule = await h.api.call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, { token: shop.program.token, body: { kind: 'product', product_ids: [product], amount: 50 } });
    expect(rule.status).toBe(200);
    const session = checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: sid('pi'), amountTotal: 10_000, metadata: { refcount_ref: shop.program.a.ref } });
    fake.account.lineItems.set(session.id, [checkoutLineItem({ product: sid('prod'), amount: 1_000 }), checkoutLineItem({ product, amount: 9_000 })]);
    await shop.send('checkout.session.completed', session);
    const conv = await shop.conversionOf(session.payment_intent as string);
    expect(conv).toMatchObject({ productId: product, interval: 'one_time', affiliateId: shop.program.a.id });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([5_000]);
  });

  it('a Stripe outage fails the event, and the retry applies it once Stripe answers', async () => {
    const shop = await h.shop({ prefix: 'kout' });
    await withKey(shop);
    const product = sid('prod');
    const session = checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: sid('pi'), metadata: { refcount_ref: shop.program.a.ref } });
    fake.account.lineItems.set(session.id, [checkoutLineItem({ product, amount: 10_000 })]);
    fake.failNext(2); // the call and the client's one retry
    const { event, res } = await shop.send('checkout.session.completed', session);
    expect(res.body).toMatchObject({ status: 'failed', action: 'error' });
    expect((await shop.eventRow(event.id)).detail).toBe('checkout line items: the provider could not be reached (500); tried again later');
    expect(await shop.conversionOf(session.payment_intent as string)).toBeUndefined();
    await h.api.db.update(integrationEvents).set({ nextAttemptAt: new Date() }).where(eq(integrationEvents.eventId, event.id));
    expect(await h.retry()).toBeGreaterThanOrEqual(1);
    expect(await shop.eventRow(event.id)).toMatchObject({ status: 'applied', action: 'conversion_created' });
    expect(await shop.conversionOf(session.payment_intent as string)).toMatchObject({ productId: product });
  });
});
