import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayoutMethods, auditEvents, payoutBatches, payouts, workspaceSettings } from '@/db/schema';
import { TEST_ACTOR } from '../../testing/seed';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { SECRET, startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { signed, stripeEvent } from '../../testing/stripe/event';
import { sid } from '../../testing/stripe/ids';
import { finishProcessing, sendBatch, type PayoutRail } from '../../domain/payouts/send-batch';
import { finishStuckPayouts, workspaceRail } from '../../integrations/payout-rails';
import { setProviderApiBases } from '../../integrations/provider-api';
import { saveIntegration } from '../../integrations/settings';
import { stripe } from '../../integrations/stripe/provider';
import { payoutIdempotencyKey } from '../../integrations/stripe/transfers';

// Sending a batch through Stripe Connect (docs/paying-affiliates.md#sending-a-batch): the real
// /v1 API and webhook receiver on one database, the official client against the local fake.

let h: StripeHarness;
let fake: FakeStripe;
beforeAll(async () => {
  [h, fake] = [await startStripeHarness(), await startFakeStripe()];
  setProviderApiBases({ stripe: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

/** A workspace connected to Stripe with a restricted key, min payout 0. */
async function workspace() {
  const api = h.api;
  const ws = await moneyWorkspace(api, ['*']);
  await api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, ws.id));
  const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
  fake.key(key);
  const ctx = { db: api.db, workspaceId: ws.id, actor: TEST_ACTOR };
  await saveIntegration({ ctx, provider: stripe, patch: { secret: SECRET, apiKey: key } });
  /** An affiliate paid through a ready Express account, with approved commissions of `amounts`. */
  const affiliate = async (amounts: number[], method: 'stripe' | 'manual' = 'stripe', currency = 'usd') => {
    const a = await moneyAffiliate(api, ws);
    const account = `acct_${sid('x').slice(2, 18)}`;
    if (method === 'stripe') {
      await api.db.insert(affiliatePayoutMethods).values({ workspaceId: ws.id, affiliateId: a.affiliate.id, kind: 'stripe_connect', state: 'ready', stripeAccountId: account });
    }
    const earned = [];
    for (const amount of amounts) earned.push(await a.earn({ amount, status: 'approved', currency }));
    return { ...a, account, earned };
  };
  const batch = async () => {
    const res = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(res.status).toBe(201);
    return { batchId: res.body.data[0].batch_id as string, lines: res.body.data as { id: string; affiliate_id: string; amount: number }[] };
  };
  const send = (batchId: string, token = ws.token, body: unknown = { confirm: true }) => api.call('POST', `/v1/payout-batches/${batchId}/send`, { token, body });
  const line = async (id: string) => (await api.db.select().from(payouts).where(eq(payouts.id, id)))[0];
  const lineOf = (lines: { id: string; affiliate_id: string }[], affiliateId: string) => lines.find((l) => l.affiliate_id === affiliateId)!.id;
  return { ws, ctx, key, affiliate, batch, send, line, lineOf };
}

const transfersTo = (account: string) => fake.account.transfers.filter((t) => t.destination === account);

describe('POST /v1/payout-batches/{id}/send', () => {
  it('sends each Stripe line as one transfer and marks it paid; a manual line stays pending for the CSV', async () => {
    const w = await workspace();
    const [a, b, m] = [await w.affiliate([3000, 1500]), await w.affiliate([2500]), await w.affiliate([900], 'manual')];
    const { batchId, lines } = await w.batch();
    const [la, lb, lm] = [a, b, m].map((x) => w.lineOf(lines, x.affiliate.id));
    const res = await w.send(batchId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'payout_batch_send', batch_id: batchId, skipped: [] });
    expect(res.body.sent.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid']);

    for (const [x, id, amount] of [[a, la, 4500], [b, lb, 2500]] as const) {
      const [t] = transfersTo(x.account);
      expect(transfersTo(x.account)).toHaveLength(1);
      expect(t).toMatchObject({ amount, currency: 'usd', destination: x.account, transfer_group: batchId, metadata: { refcount_payout_id: id } });
      const req = fake.requests.find((r) => r.path === '/v1/transfers' && (r.body?.metadata as Record<string, string>)?.refcount_payout_id === id)!;
      expect(req.idempotencyKey).toBe(payoutIdempotencyKey(id));
      expect(req.key).toBe(w.key);
      expect(await w.line(id)).toMatchObject({ status: 'paid', rail: 'stripe_connect', providerRef: t.id, destination: x.account, failureReason: null, batchId });
      expect((await w.line(id)).paidAt).not.toBeNull();
      for (const c of x.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'paid', payoutId: id });
    }
    expect(await w.line(lm)).toMatchObject({ status: 'pending', rail: null, providerRef: null, sentAt: null });
    expect(await commissionRow(h.api, m.earned[0].id)).toMatchObject({ status: 'approved', payoutId: lm });

    const [row] = await h.api.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    expect(row).toMatchObject({ state: 'sent' });
    expect((await eventsOf(h.api, w.ws.id, 'payout.sent')).map((e) => (e.payload as { data: { id: string } }).data.id).sort()).toEqual([la, lb].sort());
    expect((await eventsOf(h.api, w.ws.id, 'payout.paid')).map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['paid', 'paid']);
    const audit = await h.api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, w.ws.id));
    const actions = audit.map((e) => e.action);
    expect(actions.filter((x) => x === 'payout.sent')).toHaveLength(2);
    expect(actions.filter((x) => x === 'payout.paid')).toHaveLength(2);
    expect(actions).toContain('payout_batch.sent');
  });

  it('a batch sent twice answers 409 and asks Stripe for nothing more', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000]);
    const { batchId } = await w.batch();
    expect((await w.send(batchId)).status).toBe(200);
    const before = fake.requests.length;
    const again = await w.send(batchId);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
    expect(fake.requests.length).toBe(before);
    expect(transfersTo(a.account)).toHaveLength(1);
  });

  it('needs the payouts scope: a write key gets 403 and nothing moves; confirm must be true', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    const writer = await w.ws.keyFor(['read', 'write']);
    const refused = await w.send(batchId, writer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_scope', need: 'payouts' });
    const unconfirmed = await w.send(batchId, w.ws.token, {});
    expect(unconfirmed.status).toBe(400);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'pending' });
    expect((await h.api.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)))[0].state).toBe('open');
    expect(transfersTo(a.account)).toHaveLength(0);
    const payer = await w.ws.keyFor(['payouts']);
    expect((await w.send(batchId, payer)).status).toBe(200);
    expect(transfersTo(a.account)).toHaveLength(1);
  });

  it('a batch with Stripe lines and no API key is refused before anything changes', async () => {
    const w = await workspace();
    await saveIntegration({ ctx: w.ctx, provider: stripe, patch: { apiKey: null } });
    const a = await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    const res = await w.send(batchId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'invalid_state', detail: expect.stringContaining('Stripe API key') });
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'pending', rail: null });
    expect((await h.api.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)))[0].state).toBe('open');
    expect(transfersTo(a.account)).toHaveLength(0);
    expect(await eventsOf(h.api, w.ws.id, 'payout.sent')).toHaveLength(0);
  });

  it('a lost answer is retried under the same key: one transfer', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    // the transfer is made but the connection drops; the client retries once with the same key
    fake.dropNext(1);
    const res = await w.send(batchId);
    expect(res.status).toBe(200);
    expect(transfersTo(a.account)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === payoutIdempotencyKey(lines[0].id))).toHaveLength(2);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'paid', providerRef: transfersTo(a.account)[0].id });
  });

  it('answers lost on every try leave the line processing; the recovery pays it once', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000]);
    const { batchId, lines } = await w.batch();
    fake.dropNext(2);
    expect((await w.send(batchId)).status).toBe(200);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing', providerRef: null });
    expect(transfersTo(a.account)).toHaveLength(1);
    // the recovery job leaves a line just sent to its send, then repeats the call
    await finishStuckPayouts(h.api.db);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'processing' });
    expect((await finishStuckPayouts(h.api.db, new Date(Date.now() + 3 * 60_000))).finished).toBeGreaterThanOrEqual(1);
    expect(transfersTo(a.account)).toHaveLength(1);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'paid', providerRef: transfersTo(a.account)[0].id });
  });

  it('one refused line fails with our reason and releases its commissions; the others pay', async () => {
    const w = await workspace();
    const [a, b] = [await w.affiliate([2000]), await w.affiliate([1000, 700])];
    fake.refuseTransfersTo.set(b.account, { code: 'account_invalid', message: 'The account acct_x is not valid.' });
    const { batchId, lines } = await w.batch();
    expect((await w.send(batchId)).status).toBe(200);
    expect(await w.line(w.lineOf(lines, a.affiliate.id))).toMatchObject({ status: 'paid' });
    const failed = await w.line(w.lineOf(lines, b.affiliate.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'the connected account cannot receive transfers', providerRef: null });
    for (const c of b.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'approved', payoutId: null });
    expect(transfersTo(b.account)).toHaveLength(0);
    expect((await eventsOf(h.api, w.ws.id, 'payout.failed')).map((e) => (e.payload as { data: { id: string } }).data.id)).toEqual([failed.id]);
    // the released commissions are in the next batch
    const next = await w.batch();
    expect(next.lines).toHaveLength(1);
    expect(next.lines[0]).toMatchObject({ affiliate_id: b.affiliate.id, amount: 1700 });
  });

  it('a line in a currency Stripe cannot transfer stays pending with its reason', async () => {
    const w = await workspace();
    const a = await w.affiliate([2000], 'stripe', 'eur');
    const { batchId, lines } = await w.batch();
    const res = await w.send(batchId);
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([{ id: lines[0].id, reason: expect.stringMatching(/^currency_not_payable: /) }]);
    expect(await w.line(lines[0].id)).toMatchObject({ status: 'pending', rail: null, failureReason: expect.stringContaining('EUR') });
    expect(transfersTo(a.account)).toHaveLength(0);
  });

  it('a crash between the processing commit and the call, or after the call: the recovery pays once', async () => {
    const w = await workspace();
    const [a, b] = [await w.affiliate([2000]), await w.affiliate([3000])];
    const { batchId, lines } = await w.batch();
    const real = (await workspaceRail(w.ctx))!;
    // the process dies before the first call (a) … or right after Stripe made the transfer (b)
    const dying: PayoutRail = {
      name: 'stripe_connect',
      transfer: async (line) => {
        if (line.destination === b.account) await real.transfer(line);
        throw new Error('killed');
      },
    };
    await expect(sendBatch({ ctx: w.ctx, batchId, rail: dying })).rejects.toThrow('killed');
    // the send died on its first line; the other line dies in a second process the same way
    const second = lines.map((l) => l.id).sort()[1];
    await expect(finishProcessing({ ctx: w.ctx, rail: dying, ids: [second] })).rejects.toThrow('killed');
    for (const l of lines) expect((await w.line(l.id)).status).toBe('processing');
    expect(transfersTo(a.account)).toHaveLength(0);
    expect(transfersTo(b.account)).toHaveLength(1);
    // the batch is claimed: sending it again is refused, the recovery finishes it
    expect((await w.send(batchId)).status).toBe(409);
    const done = await finishProcessing({ ctx: w.ctx, rail: real });
    expect(done.map((p) => p.status)).toEqual(['paid', 'paid']);
    expect(transfersTo(a.account)).toHaveLength(1);
    expect(transfersTo(b.account)).toHaveLength(1);
    expect((await w.line(w.lineOf(lines, b.affiliate.id))).providerRef).toBe(transfersTo(b.account)[0].id);
    // and again: nothing left processing, nothing called
    const calls = fake.requests.length;
    expect(await finishProcessing({ ctx: w.ctx, rail: real })).toEqual([]);
    expect(fake.requests.length).toBe(calls);
  });

  it("leaves another workspace's payouts alone, and does not send its batch", async () => {
    const [w, other] = [await workspace(), await workspace()];
    await w.affiliate([2000]);
    const o = await other.affiliate([2000]);
    const mine = await w.batch();
    const theirs = await other.batch();
    expect((await w.send(theirs.batchId)).status).toBe(404);
    expect((await w.send(mine.batchId)).status).toBe(200);
    expect(await other.line(theirs.lines[0].id)).toMatchObject({ status: 'pending', rail: null });
    expect(transfersTo(o.account)).toHaveLength(0);
    // a recovery in one workspace never touches the other's lines
    await h.api.db.update(payouts).set({ status: 'processing', rail: 'stripe_connect', destination: o.account }).where(eq(payouts.id, theirs.lines[0].id));
    expect(await finishProcessing({ ctx: w.ctx, rail: (await workspaceRail(w.ctx))! })).toEqual([]);
    expect(transfersTo(o.account)).toHaveLength(0);
  });
});

describe('Stripe transfer.reversed', () => {
  async function paidLine() {
    const w = await workspace();
    const a = await w.affiliate([2000, 500]);
    const { batchId, lines } = await w.batch();
    await w.send(batchId);
    const transfer = transfersTo(a.account)[0];
    const reversed: Stripe.Transfer = { ...transfer, reversed: true, amount_reversed: transfer.amount };
    const deliver = (event: Stripe.Event, secret = SECRET) => {
      const { body, header } = signed(event, secret);
      return h.post(`/integrations/stripe/${w.ws.publicId}`, body, { 'Stripe-Signature': header });
    };
    return { w, a, id: lines[0].id, transfer, reversed, deliver };
  }

  it('returns the paid line and reopens its commissions (approved, unpaid)', async () => {
    const { w, a, id, reversed, deliver } = await paidLine();
    const res = await deliver(stripeEvent('transfer.reversed', reversed));
    expect(res.status).toBe(200);
    expect(await w.line(id)).toMatchObject({ status: 'returned', failureReason: 'reversed: the Stripe transfer was reversed' });
    for (const c of a.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'approved', payoutId: null });
    expect((await eventsOf(h.api, w.ws.id, 'payout.failed')).map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['returned']);
    const [entry] = await h.api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, w.ws.id), eq(auditEvents.action, 'payout.returned')));
    expect(entry).toMatchObject({ targetId: id, actorType: 'system', actorId: 'integrations.stripe' });
    // the reopened commissions are paid by the next batch
    expect((await w.batch()).lines[0]).toMatchObject({ amount: 2500 });
  });

  it('a partial reversal leaves the line paid; a bad signature is refused and changes nothing', async () => {
    const { w, a, id, transfer, reversed, deliver } = await paidLine();
    expect((await deliver(stripeEvent('transfer.reversed', { ...transfer, amount_reversed: 100 } as Stripe.Transfer))).status).toBe(200);
    expect((await w.line(id)).status).toBe('paid');
    expect((await deliver(stripeEvent('transfer.reversed', reversed), 'whsec_forged_0a1b2c3d4e5f6a7b8c9d0e1f')).status).toBe(400);
    expect((await w.line(id)).status).toBe('paid');
    for (const c of a.earned) expect(await commissionRow(h.api, c.id)).toMatchObject({ status: 'paid', payoutId: id });
  });
});
