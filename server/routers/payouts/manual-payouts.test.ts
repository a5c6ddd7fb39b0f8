import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, commissions, payouts, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { seedAffiliate, seedPayout } from '../../testing/seed';

// Paying by hand (docs/payouts.md#settling): a reference kept on the payout,
// many payouts marked at once, and an undo within 24 hours for payouts no rail paid.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const HOUR = 3_600_000;

/** A workspace with `count` affiliates, each with a pending payout of an approved earning (and a clawback on the first). */
async function setup(count = 1) {
  const ws = await moneyWorkspace(api);
  await api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, ws.id));
  const affiliateIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = await moneyAffiliate(api, ws);
    affiliateIds.push(a.affiliate.id);
    await a.earn({ amount: 5000 + i, status: 'approved' });
    if (i === 0) await a.clawback(await a.earn({ amount: 1000, status: 'paid' }));
  }
  const created = await api.call('POST', '/v1/payouts', { token: ws.token });
  expect(created.status).toBe(201);
  // In the affiliates' order: ids[0] is the payout of an earning and a clawback.
  const made = created.body.data as { id: string; affiliate_id: string }[];
  const ids = affiliateIds.map((a) => made.find((p) => p.affiliate_id === a)!.id);
  const call = (path: string, body: unknown = {}, token = ws.token) => api.call('POST', `/v1/payouts${path}`, { token, body });
  const setStatus = (id: string, body: unknown) => call(`/${id}/status`, body);
  const undo = (id: string, token = ws.token) => call(`/${id}/undo`, {}, token);
  const bulk = (body: unknown, token = ws.token) => call('/bulk-status', body, token);
  const payoutRows = async () => (await api.db.select().from(payouts).where(inArray(payouts.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  /** The commissions of these payouts (and of none), without updated_at: the ledger. */
  const ledger = async () =>
    (await api.db.select().from(commissions).where(eq(commissions.workspaceId, ws.id)).orderBy(commissions.id)).map(({ updatedAt: _, ...c }) => c);
  return { ws, ids, setStatus, undo, bulk, payoutRows, ledger };
}

describe('POST /v1/payouts/{id}/status with a reference', () => {
  it('keeps the reference (trimmed) on the payout and shows it in every answer', async () => {
    const { ws, ids, setStatus } = await setup();
    const res = await setStatus(ids[0], { status: 'paid', reference: '  PAYID-7XK2 ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'paid', reference: 'PAYID-7XK2', provider_ref: null, rail: null });
    expect(Date.parse(res.body.data.undo_until) - Date.parse(res.body.data.paid_at)).toBe(24 * HOUR);
    expect((await api.call('GET', `/v1/payouts/${ids[0]}`, { token: ws.token })).body.data.reference).toBe('PAYID-7XK2');
    expect((await api.call('GET', '/v1/payouts?status=paid', { token: ws.token })).body.data[0].reference).toBe('PAYID-7XK2');
    const [entry] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.action, 'payout.paid')));
    expect(JSON.stringify(entry.changes)).toContain('PAYID-7XK2');
  });

  it('is optional; a blank, too long or non-string reference is 400 and changes nothing', async () => {
    const { ids, setStatus, payoutRows } = await setup();
    const before = await payoutRows();
    for (const reference of ['', '   ', 'x'.repeat(201), 42, null]) {
      const res = await setStatus(ids[0], { status: 'paid', reference });
      expect(res.status, JSON.stringify(reference)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    expect(await payoutRows()).toEqual(before);
    const plain = await setStatus(ids[0], { status: 'canceled' });
    expect(plain.body.data).toMatchObject({ status: 'canceled', reference: null, undo_until: null });
  });
});

describe('POST /v1/payouts/bulk-status', () => {
  it('marks every payout named paid in one go, with the reference, answering them in the order asked', async () => {
    const { ws, ids, bulk, payoutRows } = await setup(3);
    const order = [ids[2], ids[0], ids[1], ids[0].toUpperCase()];
    const res = await bulk({ ids: order, status: 'paid', reference: 'BATCH-2026-11' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'payouts', has_more: false });
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    for (const p of await payoutRows()) expect(p).toMatchObject({ status: 'paid', reference: 'BATCH-2026-11' });
    const inPayouts = await api.db.select().from(commissions).where(inArray(commissions.payoutId, ids));
    expect(inPayouts).toHaveLength(4);
    expect(inPayouts.every((c) => c.status === 'paid')).toBe(true);
    expect(await eventsOf(api, ws.id, 'payout.updated')).toHaveLength(3);
  });

  it("is all or none: another workspace's or an unknown id is 404, a payout not pending 409, and nothing changes", async () => {
    const { ws, ids, bulk, setStatus, payoutRows, ledger } = await setup(2);
    const stranger = await moneyWorkspace(api, ['*']);
    const foreign = await seedPayout(api.db, { workspaceId: stranger.id, affiliateId: (await seedAffiliate(api.db, stranger.id)).id });
    const before = { payouts: await payoutRows(), ledger: await ledger() };
    for (const extra of [foreign.id, '0190a0b0-0000-7000-8000-000000000000']) {
      const res = await bulk({ ids: [...ids, extra], status: 'paid' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('unknown_resource');
      expect(res.body.detail).toContain(extra);
    }
    expect(await payoutRows()).toEqual(before.payouts);
    expect(await ledger()).toEqual(before.ledger);
    expect((await api.db.select().from(payouts).where(eq(payouts.id, foreign.id)))[0].status).toBe('pending');

    await setStatus(ids[1], { status: 'failed' });
    const mid = { payouts: await payoutRows(), ledger: await ledger() };
    const res = await bulk({ ids, status: 'paid', reference: 'R-1' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
    expect(res.body.detail).toContain(`payout ${ids[1]} is failed`);
    expect(await payoutRows()).toEqual(mid.payouts);
    expect(await ledger()).toEqual(mid.ledger);
    expect(await eventsOf(api, ws.id, 'payout.updated')).toHaveLength(1);
  });

  it.each([
    [{ ids: [], status: 'paid' }, 'invalid_request'],
    [{ ids: Array.from({ length: 101 }, (_, i) => `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`), status: 'paid' }, 'invalid_request'],
    [{ ids: ['nope'], status: 'paid' }, 'invalid_request'],
    [{ status: 'paid' }, 'ids_required'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'] }, 'status_required'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'], status: 'pending' }, 'invalid_request'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'], status: 'paid', reference: 'x'.repeat(201) }, 'invalid_request'],
  ])('rejects %j with %s', async (body, error) => {
    const { bulk } = await setup();
    const res = await bulk(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('takes 100 ids, and needs the write scope', async () => {
    const { ws, ids, bulk } = await setup();
    const padded = [...ids, ...Array.from({ length: 99 }, () => ids[0])];
    expect((await bulk({ ids: padded, status: 'paid' })).status).toBe(200);
    const res = await bulk({ ids, status: 'paid' }, await ws.keyFor(['read']));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
  });
});

describe('POST /v1/payouts/{id}/undo', () => {
  it('sets a payout marked paid by hand back to pending within 24 hours, the ledger exactly as before', async () => {
    const { ws, ids, setStatus, undo, payoutRows, ledger } = await setup(2);
    const before = { payout: (await payoutRows())[0], ledger: await ledger() };
    expect(before.ledger.filter((c) => c.payoutId === ids[0]).map((c) => c.status)).toEqual(['approved', 'approved']);
    await setStatus(ids[0], { status: 'paid', reference: 'WIRE-1' });
    expect((await ledger()).filter((c) => c.payoutId === ids[0]).every((c) => c.status === 'paid')).toBe(true);
    // 23 h 59 min later (the domain's clock: paid_at is written by it) it still can.
    await api.db.update(payouts).set({ paidAt: new Date(Date.now() - 24 * HOUR + 60_000) }).where(eq(payouts.id, ids[0]));

    const res = await undo(ids[0]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids[0], status: 'pending', paid_at: null, reference: null, undo_until: null });
    const { updatedAt: _a, ...after } = (await payoutRows())[0];
    const { updatedAt: _b, ...was } = before.payout;
    expect(after).toEqual(was);
    expect(await ledger()).toEqual(before.ledger);

    expect((await eventsOf(api, ws.id, 'payout.updated')).map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['paid', 'pending']);
    expect(await eventsOf(api, ws.id, 'commission.updated')).toHaveLength(4);
    const [entry] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.action, 'payout.undone')));
    expect(entry.targetId).toBe(ids[0]);
    expect(JSON.stringify(entry.changes)).toContain('WIRE-1');
    // Pending again: it can be marked paid again, and the other payout never moved.
    expect((await setStatus(ids[0], { status: 'paid' })).body.data.status).toBe('paid');
    expect((await payoutRows())[1].status).toBe('pending');
  });

  it('refuses after 24 hours, saying why, and changes nothing', async () => {
    const { ids, setStatus, undo, payoutRows, ledger } = await setup();
    await setStatus(ids[0], { status: 'paid' });
    await api.db.update(payouts).set({ paidAt: new Date(Date.now() - 24 * HOUR - 60_000) }).where(eq(payouts.id, ids[0]));
    const before = { payouts: await payoutRows(), ledger: await ledger() };
    const res = await undo(ids[0]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
    expect(res.body.detail).toMatch(/within 24 hours/);
    expect((await payoutRows())).toEqual(before.payouts);
    expect(await ledger()).toEqual(before.ledger);
  });

  it.each(['stripe_connect', 'paypal'] as const)('never undoes a payout %s paid', async (rail) => {
    const { ids, undo, payoutRows } = await setup();
    await api.db.update(payouts).set({ status: 'paid', rail, providerRef: 'tr_1', paidAt: new Date() }).where(eq(payouts.id, ids[0]));
    const before = await payoutRows();
    const res = await undo(ids[0]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(rail === 'paypal' ? /PayPal/ : /Stripe Connect/);
    expect(await payoutRows()).toEqual(before);
  });

  it('refuses payouts that are not paid; another workspace’s is 404; needs write', async () => {
    const { ws, ids, setStatus, undo } = await setup(2);
    expect((await undo(ids[0])).status).toBe(409);
    await setStatus(ids[1], { status: 'canceled' });
    const canceled = await undo(ids[1]);
    expect(canceled.status).toBe(409);
    expect(canceled.body.detail).toContain('is canceled');
    await setStatus(ids[0], { status: 'paid' });
    const stranger = await moneyWorkspace(api, ['*']);
    for (const [id, token] of [[ids[0], stranger.token], ['nope', ws.token]]) {
      const res = await undo(id, token);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    expect((await undo(ids[0], await ws.keyFor(['read']))).status).toBe(403);
    expect((await api.db.select().from(payouts).where(eq(payouts.id, ids[0])))[0].status).toBe('paid');
  });
});

describe('racing changes on one payout', () => {
  it('two undos: one wins, the other answers 409; the commissions move once', async () => {
    const { ws, ids, setStatus, undo, ledger } = await setup();
    await setStatus(ids[0], { status: 'paid' });
    const results = await Promise.all([undo(ids[0]), undo(ids[0])]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await ledger()).filter((c) => c.payoutId === ids[0]).map((c) => c.status)).toEqual(['approved', 'approved']);
    expect(await eventsOf(api, ws.id, 'commission.updated')).toHaveLength(4);
  });

  it('an undo racing a bulk mark paid and a single mark paid: each change applies once, the ledger follows the payout', async () => {
    const { ws, ids, setStatus, undo, bulk, payoutRows, ledger } = await setup();
    const results = await Promise.all([setStatus(ids[0], { status: 'paid' }), bulk({ ids, status: 'paid' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await Promise.all([undo(ids[0]), setStatus(ids[0], { status: 'paid' }), undo(ids[0])]);
    const [row] = await payoutRows();
    const statuses = (await ledger()).filter((c) => c.payoutId === ids[0]).map((c) => c.status);
    expect(statuses).toEqual(row.status === 'paid' ? ['paid', 'paid'] : ['approved', 'approved']);
    // Every 200 is one payout.updated: nothing applied twice, nothing lost.
    const ok = 1 + again.filter((r) => r.status === 200).length;
    expect(await eventsOf(api, ws.id, 'payout.updated')).toHaveLength(ok);
    expect(again.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
  });
});
