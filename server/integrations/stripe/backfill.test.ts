import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, integrationBackfills } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { toApiError } from '../../errors/table';
import { BACKFILL_LIMITS, runBackfillPage, runBackfills } from '../backfills';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { checkoutLineItem, customer } from '../../testing/stripe/account';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { at, DAY, startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { checkoutSession, invoice, promotionCode, sid } from '../../testing/stripe/objects';
import { dashboardCaller } from '../../testing/session-caller';
import { stripe } from './provider';

// The backfill (docs/integrations/stripe.md "Backfill"): past checkouts, customers and paid
// invoices read from Stripe page by page in the job, recorded through the live handlers.

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

const ago = (days: number) => at(-days);
const isoDay = (days: number) => new Date(Date.now() - days * DAY * 1000).toISOString().slice(0, 10);

async function owner(shop: Shop) {
  const user = await createUser(h.api.db, { email: `owner-${sid('u')}@example.com`, password: 'password-1', workspaceId: shop.program.ws.id, role: 'owner' });
  return dashboardCaller(h.api, user.id);
}

async function refusal(p: Promise<unknown>, input?: unknown) {
  try {
    await p;
  } catch (e) {
    const { status, body } = toApiError(e as never, input, 'test');
    return { status, ...(body as { error: string; detail?: string }) };
  }
  throw new Error('expected the call to fail');
}

async function connect(shop: Shop) {
  const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}`;
  fake.key(key);
  await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
}

const conversionsOf = (shop: Shop) => h.api.db.select().from(conversions).where(eq(conversions.workspaceId, shop.program.ws.id));
const backfillOf = async (shop: Shop) => (await h.api.db.select().from(integrationBackfills).where(eq(integrationBackfills.workspaceId, shop.program.ws.id)))[0];

describe('a Stripe backfill', () => {
  it('links past customers and records their paid invoices, oldest first, resumable and idempotent with live events', async () => {
    const shop = await h.shop({ prefix: 'bf' });
    await connect(shop);
    const { a, b } = shop.program;
    const rule = await h.api.call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, { token: shop.program.token, body: { amount: 30, length_type: 'lifetime' } });
    expect(rule.status).toBe(200);
    const acct = fake.account;
    // 1. A subscriber tagged with metadata.refcount_ref: three monthly invoices.
    const c1 = customer({ created: ago(100), metadata: { refcount_ref: a.ref } });
    const sub1 = sid('sub');
    const inv1 = [90, 60, 30].map((d, k) => invoice({ customer: c1.id, subscription: sub1, billingReason: k ? 'subscription_cycle' : 'subscription_create', amountPaid: 10_000, paidAt: ago(d) }));
    // 2. A customer whose discount is an affiliate's promotion code, made before connecting.
    const promo = promotionCode({ code: b.ref.toUpperCase() });
    const c2 = customer({ created: ago(50), promotionCode: promo.id });
    const inv2 = invoice({ customer: c2.id, subscription: sid('sub'), amountPaid: 5_000, paidAt: ago(10) });
    // 3. A customer no referral points at, and an invoice older than the date.
    const c3 = customer({ created: ago(400) });
    const inv3 = invoice({ customer: c3.id, amountPaid: 7_000, paidAt: ago(5) });
    const old = invoice({ customer: c1.id, amountPaid: 9_999, paidAt: ago(300) });
    // 4. A one-time Checkout payment by ref; its line items name the product.
    const product = sid('prod');
    const s4 = checkoutSession({ mode: 'payment', customer: sid('cus'), paymentIntent: sid('pi'), amountTotal: 20_000, metadata: { refcount_ref: a.ref }, created: ago(20) });
    acct.lineItems.set(s4.id, [checkoutLineItem({ product, amount: 20_000 })]);
    // 5. A checkout and its invoice that also arrived live before the backfill.
    const c5 = sid('cus');
    const s5 = checkoutSession({ mode: 'subscription', customer: c5, subscription: sid('sub'), metadata: { refcount_ref: b.ref }, created: ago(3) });
    const inv5 = invoice({ customer: c5, subscription: s5.subscription as string, amountPaid: 3_000, paidAt: ago(3) });
    await shop.send('checkout.session.completed', s5);
    await shop.send('invoice.paid', inv5);
    const live5 = await shop.conversionOf(inv5.id);
    expect(live5).toMatchObject({ affiliateId: b.id });
    acct.customers.push(c1, c2, c3);
    acct.promotionCodes.push(promo);
    acct.sessions.push(s4, s5);
    acct.invoices.push(...inv1, inv2, inv3, old, inv5);

    const caller = await owner(shop);
    expect((await caller.integrations.backfill({ provider: 'stripe' })).data).toBeNull();
    const started = await caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(120) });
    expect(started.data).toMatchObject({ status: 'running', phase: 'checkouts', checkouts: 0, invoices: 0, pages: 0 });
    expect(await refusal(caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(10) }))).toMatchObject({ status: 409, error: 'invalid_state' });

    // One page: the cursor and counts are stored after it.
    expect(await runBackfillPage(h.api.db, await backfillOf(shop))).toBe(true);
    const first = await backfillOf(shop);
    expect(first).toMatchObject({ status: 'running', phase: 'checkouts', pages: 1 });
    expect(Number(first.cursor)).toBeGreaterThan(Math.floor(Date.parse(isoDay(120)) / 1000));
    // A worker that died holding a page: the backfill waits for its lease, then resumes at the cursor.
    await h.api.db.update(integrationBackfills).set({ leaseUntil: new Date(Date.now() + 60_000) }).where(eq(integrationBackfills.id, first.id));
    expect(await runBackfillPage(h.api.db, first)).toBe(false);
    expect(await backfillOf(shop)).toMatchObject({ pages: 1, cursor: first.cursor });
    await h.api.db.update(integrationBackfills).set({ leaseUntil: new Date(Date.now() - 1_000) }).where(eq(integrationBackfills.id, first.id));
    // The job's sweep takes it from there, a bounded number of pages a run.
    let runs = 0;
    while ((await backfillOf(shop)).status === 'running' && runs < 100) {
      expect((await runBackfills(h.api.db)).pages).toBeLessThanOrEqual(BACKFILL_LIMITS.budget!);
      runs++;
    }
    const progress = (await caller.integrations.backfill({ provider: 'stripe' })).data!;
    expect(progress).toMatchObject({ status: 'done', phase: 'done', checkouts: 2, customers: 3, invoices: 6, linked: 3, conversions_created: 5, conversions_existing: 1, detail: null });
    expect(progress.pages).toBeGreaterThan(30); // weekly windows over 120 days, twice, and a page of customers
    expect(runs).toBeGreaterThan(1);

    const c1Sales = await Promise.all(inv1.map((i) => shop.conversionOf(i.id)));
    expect(c1Sales.map((c) => [c.affiliateId, c.matchMethod])).toEqual([[a.id, 'ref'], [a.id, 'customer'], [a.id, 'customer']]);
    const ledgers = await Promise.all(c1Sales.map((c) => shop.commissionsOf(c.id)));
    expect(ledgers.map((l) => l.map((c) => [c.amount, c.periodIndex]))).toEqual([[[3000, 0]], [[3000, 1]], [[3000, 2]]]);
    expect(await shop.conversionOf(inv2.id)).toMatchObject({ affiliateId: b.id, matchMethod: 'manual_code', amount: 5_000 });
    expect(await shop.conversionOf(s4.payment_intent as string)).toMatchObject({ affiliateId: a.id, productId: product, amount: 20_000 });
    expect(await shop.conversionOf(inv3.id)).toBeUndefined();
    expect(await shop.conversionOf(old.id)).toBeUndefined();
    // The live sale stayed the one conversion with its one commission.
    expect(await shop.conversionOf(inv5.id)).toMatchObject({ id: live5.id });
    expect(await shop.commissionsOf(live5.id)).toHaveLength(1);
    expect(await conversionsOf(shop)).toHaveLength(6);
    // An event of an invoice the backfill recorded, arriving late, finds its conversion.
    const late = await shop.send('invoice.paid', inv2);
    expect(late.res.body).toMatchObject({ status: 'applied', action: 'conversion_exists' });
    expect(await conversionsOf(shop)).toHaveLength(6);
    // Done: another may start.
    expect((await caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(1) })).data.status).toBe('running');
  });

  it('refuses a date too far back or in the future, and a workspace without a key', async () => {
    const shop = await h.shop({ prefix: 'bfx' });
    const caller = await owner(shop);
    const noKey = await refusal(caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(30) }));
    expect(noKey).toMatchObject({ status: 409, error: 'invalid_state', detail: 'set a Stripe API key first: a backfill reads the account through it' });
    await connect(shop);
    const tooOld = await refusal(caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(731) }));
    expect(tooOld).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(tooOld.detail).toMatch(/^since: at most 730 days back \(not before \d{4}-\d{2}-\d{2}\)$/);
    expect(await refusal(caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(-2) }))).toMatchObject({ status: 400, detail: 'since: a date in the past' });
    const bad = { provider: 'stripe' as const, since: 'yesterday' };
    expect(await refusal(caller.integrations.startBackfill(bad), bad)).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await h.api.db.select().from(integrationBackfills).where(eq(integrationBackfills.workspaceId, shop.program.ws.id))).toEqual([]);
    expect((await caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(730) })).data.status).toBe('running');
  });

  it('stops with the reason when the key loses a permission, and waits while Stripe is down', async () => {
    const shop = await h.shop({ prefix: 'bfp' });
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}`;
    fake.key(key);
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
    const caller = await owner(shop);
    await caller.integrations.startBackfill({ provider: 'stripe', since: isoDay(3) });
    // This backfill's page alone (the sweep would also serve the other tests' workspaces).
    fake.failNext(2);
    expect(await runBackfillPage(h.api.db, await backfillOf(shop))).toBe(false);
    const waiting = await backfillOf(shop);
    expect(waiting).toMatchObject({ status: 'running', pages: 0, detail: 'waiting: list checkout sessions: the provider could not be reached (500); tried again later' });
    expect(waiting.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    await h.api.db.update(integrationBackfills).set({ leaseUntil: null }).where(and(eq(integrationBackfills.id, waiting.id)));
    fake.key(key, ['checkout_sessions']);
    expect(await runBackfillPage(h.api.db, await backfillOf(shop))).toBe(false);
    expect((await caller.integrations.backfill({ provider: 'stripe' })).data).toMatchObject({ status: 'failed', detail: 'list checkout sessions: the API key lacks the permission (403)' });
  });
});
