import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, integrationBackfills } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { toApiError } from '../../errors/table';
import { BACKFILL_LIMITS, runBackfillPage, runBackfills } from '../backfills';
import { setProviderApiBases } from '../provider-api';
import { saveIntegration } from '../settings';
import { paddleNotification, pid, transaction } from '../../testing/paddle/objects';
import { apiTransaction, apiCustomer, startFakePaddle, type FakePaddle } from '../../testing/paddle/fake-api';
import { startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { dashboardCaller } from '../../testing/session-caller';
import { paddle } from './provider';

// Paddle's backfill (docs/integrations/stripe.md "Paddle Billing"): past completed transactions
// and the customers they name, read through @paddle/paddle-node-sdk page by page in the job,
// each applied through the live transaction.completed handler.

const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';
let h: StripeHarness;
let fake: FakePaddle;
beforeAll(async () => {
  h = await startStripeHarness();
  fake = await startFakePaddle();
  setProviderApiBases({ paddle: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const isoDay = (days: number) => ago(days).slice(0, 10);

async function paddleShop(prefix: string) {
  const shop = await h.shop({ prefix });
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
  const path = `/integrations/paddle/${shop.program.ws.publicId}`;
  const notify = async (type: string, data: object) => {
    const { body, header } = paddleNotification(type, data, SECRET);
    return (await h.post(path, body, { 'Paddle-Signature': header })).body;
  };
  const user = await createUser(h.api.db, { email: `owner-${pid('u')}@example.com`, password: 'password-1', workspaceId: shop.program.ws.id, role: 'owner' });
  return { ...shop, notify, caller: dashboardCaller(h.api, user.id) };
}

async function connect(shop: Shop) {
  const key = `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
  fake.key(key);
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { apiKey: key } });
  return key;
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

const conversionsOf = (shop: Shop) => h.api.db.select().from(conversions).where(eq(conversions.workspaceId, shop.program.ws.id));
const backfillOf = async (shop: Shop) => (await h.api.db.select().from(integrationBackfills).where(eq(integrationBackfills.workspaceId, shop.program.ws.id)))[0];

describe('a Paddle backfill', () => {
  it('links past customers and records their completed transactions, oldest first, resumable and idempotent with live notifications', async () => {
    const shop = await paddleShop('pbf');
    await connect(shop);
    const { a, b } = shop.program;
    const rule = await h.api.call('PUT', `/v1/campaigns/${shop.program.campaign.id}/commission-rule`, { token: shop.program.token, body: { amount: 30, length_type: 'lifetime' } });
    expect(rule.status).toBe(200);
    // Paddle's ids grow with time: each transaction is made in the order it was billed.
    const product = pid('pro');
    const txn = (o: { customer: string; subscription?: string; days: number; amount: number; renewal?: boolean; customData?: Record<string, string> }) =>
      transaction({ customer: o.customer, subscription: o.subscription ?? null, origin: o.renewal ? 'subscription_recurring' : 'web', product, amount: o.amount, billedAt: ago(o.days), customData: o.customData });
    // Older than the date: never read.
    const c1 = apiCustomer({ createdAt: ago(301), customData: { refcount_ref: a.ref } });
    const old = txn({ customer: c1.id, days: 300, amount: 9_999 });
    // 1. A subscriber whose customer custom_data names an affiliate (its customer.created never
    //    arrived: made before connecting): three monthly transactions.
    const sub1 = pid('sub');
    const t1 = [90, 60, 30].map((days, k) => txn({ customer: c1.id, subscription: sub1, days, amount: 10_000, renewal: k > 0 }));
    // 2. 120 customers no referral points at, enough for a second page.
    const strangers = Array.from({ length: 120 }, () => apiCustomer({ createdAt: ago(30) }));
    const t2 = strangers.map((c, k) => txn({ customer: c.id, days: 29 - k / 10, amount: 1_000 }));
    // 3. A transaction whose own custom_data names an affiliate, and one not completed.
    const c3 = apiCustomer({ createdAt: ago(11) });
    const t3 = txn({ customer: c3.id, days: 10, amount: 5_000, customData: { refcount_ref: b.ref } });
    const pastDue = { ...txn({ customer: c3.id, days: 8, amount: 5_000, customData: { refcount_ref: b.ref } }), status: 'past_due' as const };
    // 4. A transaction that also arrived live before the backfill.
    const c4 = apiCustomer({ createdAt: ago(4) });
    const t4 = txn({ customer: c4.id, days: 3, amount: 3_000, customData: { refcount_ref: b.ref } });
    expect(await shop.notify('transaction.completed', t4)).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const live4 = await shop.conversionOf(t4.id);
    fake.customers.push(c1, ...strangers, c3, c4);
    fake.transactions.push(...[old, ...t1, ...t2, t3, pastDue, t4].map(apiTransaction));

    const { caller } = shop;
    expect((await caller.integrations.backfill({ provider: 'paddle' })).data).toBeNull();
    const started = await caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(120) });
    expect(started.data).toMatchObject({ status: 'running', phase: 'transactions', transactions: 0, customers: 0, pages: 0 });
    expect(await refusal(caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(10) }))).toMatchObject({ status: 409, error: 'invalid_state' });

    // One page of 100: the cursor (the last transaction read) and counts are stored after it.
    expect(await runBackfillPage(h.api.db, await backfillOf(shop))).toBe(true);
    const first = await backfillOf(shop);
    expect(first).toMatchObject({ status: 'running', phase: 'transactions', pages: 1, transactions: 100, customers: 98, linked: 1, conversionsCreated: 3, cursor: t2[96].id });
    const asked = fake.requests.filter((r) => r.path.startsWith('/transactions?') && r.path.includes('include=customer'));
    expect(new URL(asked[0].path, fake.url).searchParams.get('order_by')).toBe('id[ASC]');
    // A worker that died holding a page: the backfill waits for its lease, then resumes at the cursor.
    await h.api.db.update(integrationBackfills).set({ leaseUntil: new Date(Date.now() + 60_000) }).where(eq(integrationBackfills.id, first.id));
    expect(await runBackfillPage(h.api.db, first)).toBe(false);
    expect(await backfillOf(shop)).toMatchObject({ pages: 1, cursor: first.cursor });
    await h.api.db.update(integrationBackfills).set({ leaseUntil: new Date(Date.now() - 1_000) }).where(eq(integrationBackfills.id, first.id));
    let runs = 0;
    while ((await backfillOf(shop)).status === 'running' && runs < 20) {
      expect((await runBackfills(h.api.db)).pages).toBeLessThanOrEqual(BACKFILL_LIMITS.budget!);
      runs++;
    }
    const progress = (await caller.integrations.backfill({ provider: 'paddle' })).data!;
    expect(progress).toMatchObject({ status: 'done', phase: 'done', transactions: 125, customers: 123, checkouts: 0, invoices: 0, linked: 1, conversions_created: 4, conversions_existing: 1, pages: 2, detail: null });
    expect(fake.requests.filter((r) => r.path.includes(`after=${first.cursor}`))).toHaveLength(1);

    const c1Sales = await Promise.all(t1.map((t) => shop.conversionOf(t.id)));
    expect(c1Sales.map((c) => c.affiliateId)).toEqual([a.id, a.id, a.id]);
    const ledgers = await Promise.all(c1Sales.map((c) => shop.commissionsOf(c.id)));
    expect(ledgers.map((l) => l.map((c) => [c.amount, c.periodIndex]))).toEqual([[[3000, 0]], [[3000, 1]], [[3000, 2]]]);
    expect(await shop.conversionOf(t3.id)).toMatchObject({ affiliateId: b.id, amount: 5_000 });
    expect(await shop.conversionOf(old.id)).toBeUndefined();
    expect(await shop.conversionOf(pastDue.id)).toBeUndefined();
    expect(await shop.conversionOf(t2[0].id)).toBeUndefined();
    // The live sale stayed the one conversion with its one commission.
    expect(await shop.conversionOf(t4.id)).toMatchObject({ id: live4.id });
    expect(await shop.commissionsOf(live4.id)).toHaveLength(1);
    // c1's sign-up is a lead at its time, as a live customer.created would have made it.
    expect(await shop.conversionOf(c1.id)).toMatchObject({ type: 'lead', affiliateId: a.id });
    expect(await conversionsOf(shop)).toHaveLength(6);
    // A notification of a transaction the backfill recorded, arriving late, finds its conversion.
    expect(await shop.notify('transaction.completed', t3)).toMatchObject({ status: 'applied', action: 'conversion_exists' });
    expect(await conversionsOf(shop)).toHaveLength(6);
    // Done: another may start.
    expect((await caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(1) })).data.status).toBe('running');
  });

  it('refuses a date too far back or in the future, and a workspace without a key', async () => {
    const shop = await paddleShop('pbx');
    const { caller } = shop;
    const noKey = await refusal(caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(30) }));
    expect(noKey).toMatchObject({ status: 409, error: 'invalid_state', detail: 'set a Paddle API key first: a backfill reads the account through it' });
    await connect(shop);
    const tooOld = await refusal(caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(731) }));
    expect(tooOld).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(tooOld.detail).toMatch(/^since: at most 730 days back \(not before \d{4}-\d{2}-\d{2}\)$/);
    expect(await refusal(caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(-2) }))).toMatchObject({ status: 400, detail: 'since: a date in the past' });
    expect(await h.api.db.select().from(integrationBackfills).where(eq(integrationBackfills.workspaceId, shop.program.ws.id))).toEqual([]);
    expect((await caller.integrations.status({ provider: 'paddle' })).api_key).toMatchObject({ backfill: true });
    expect((await caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(730) })).data.status).toBe('running');
  });

  it('stops with the reason when the key loses transaction.read', async () => {
    const shop = await paddleShop('pbp');
    const key = await connect(shop);
    await shop.caller.integrations.startBackfill({ provider: 'paddle', since: isoDay(3) });
    fake.key(key, ['transaction.read']);
    expect(await runBackfillPage(h.api.db, await backfillOf(shop))).toBe(false);
    expect((await shop.caller.integrations.backfill({ provider: 'paddle' })).data).toMatchObject({ status: 'failed', pages: 0, detail: 'list transactions: the API key lacks the permission' });
  });
});
