import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, payouts, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken } from '../../testing/seed';
import { eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Group = { affiliate_id: string; amount: number; currency: string; commission_ids: string[] };

/** A workspace with one affiliate per outcome: two paid (usd, and eur), one per skip reason. */
async function program() {
  const ws = await moneyWorkspace(api);
  await api.db.update(workspaceSettings).set({ minPayout: 1000 }).where(eq(workspaceSettings.workspaceId, ws.id));
  const paid = await moneyAffiliate(api, ws, { name: 'Paid Person' });
  const p1 = await paid.earn({ amount: 800, status: 'approved', createdAt: new Date('2026-01-01T00:00:00Z') });
  const p2 = await paid.earn({ amount: 700, status: 'approved', createdAt: new Date('2026-01-02T00:00:00Z') });
  const p3 = await paid.earn({ amount: 4000, status: 'approved', currency: 'eur' });
  await paid.earn({ amount: 9000 }); // pending: not due, listed as waiting for approval
  const small = await moneyAffiliate(api, ws);
  const s1 = await small.earn({ amount: 999, status: 'approved' });
  const negative = await moneyAffiliate(api, ws);
  const n1 = await negative.clawback(await negative.earn({ amount: 2500, status: 'paid' }));
  const n2 = await negative.earn({ amount: 2000, status: 'approved' });
  const held = await moneyAffiliate(api, ws);
  const h1 = await held.earn({ amount: 6000, status: 'approved' });
  expect((await api.call('PATCH', `/v1/affiliates/${held.affiliate.id}`, { token: ws.token, body: { commissions_held: true } })).status).toBe(200);
  const preview = (token = ws.token) => api.call('GET', '/v1/payouts/preview', { token });
  return { ws, paid, small, negative, held, ids: { p1, p2, p3, s1, n1, n2, h1 }, preview };
}

const shape = (g: Group) => ({ affiliate_id: g.affiliate_id, amount: g.amount, currency: g.currency, commission_ids: g.commission_ids });

describe('GET /v1/payouts/preview', () => {
  it('plans exactly the batch POST /v1/payouts then creates, and says why the rest are left out', async () => {
    const { ws, paid, small, negative, held, ids, preview } = await program();
    const res = await preview();
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('payout_preview');
    const plan = res.body.data;
    expect(plan.payouts.map(shape)).toEqual([
      { affiliate_id: paid.affiliate.id, amount: 1500, currency: 'usd', commission_ids: [ids.p1.id, ids.p2.id] },
      { affiliate_id: paid.affiliate.id, amount: 4000, currency: 'eur', commission_ids: [ids.p3.id] },
    ]);
    expect(plan.payouts[0].affiliate).toEqual({ name: 'Paid Person', email: paid.affiliate.email, ref_code: paid.affiliate.refCode, status: 'active' });
    expect(plan.skipped.map((s: Group & { reason: string }) => [s.affiliate_id, s.reason, s.amount, s.commission_ids])).toEqual(
      expect.arrayContaining([
        [small.affiliate.id, 'below_min_payout', 999, [ids.s1.id]],
        [negative.affiliate.id, 'net_not_positive', -500, expect.arrayContaining([ids.n1.id, ids.n2.id])],
        [held.affiliate.id, 'commissions_held', 6000, [ids.h1.id]],
      ]),
    );
    expect(plan.skipped).toHaveLength(3);
    expect(plan.waiting.map((w: { affiliate_id: string; reason: string; amount: number }) => [w.affiliate_id, w.reason, w.amount])).toEqual([
      [paid.affiliate.id, 'not_approved', 9000],
    ]);
    expect(plan.total_by_currency).toEqual({ usd: 1500, eur: 4000 });
    expect(plan.min_payout).toBe(1000);

    const batch = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(batch.status).toBe(201);
    expect(batch.body.data.map(shape)).toEqual(plan.payouts.map(shape));
  });

  it('orders groups and their commissions by age, then by id, not by the order ids were minted', async () => {
    const ws = await moneyWorkspace(api);
    const late = await moneyAffiliate(api, ws);
    const early = await moneyAffiliate(api, ws);
    // minted in this order, created in another (an import, a backfill)
    const l1 = await late.earn({ amount: 6000, status: 'approved', createdAt: new Date('2026-03-01T00:00:00Z') });
    const e1 = await early.earn({ amount: 5000, status: 'approved', createdAt: new Date('2026-02-03T00:00:00Z') });
    const e2 = await early.earn({ amount: 5000, status: 'approved', createdAt: new Date('2026-02-01T00:00:00Z') });
    const e3 = await early.earn({ amount: 5000, status: 'approved', createdAt: new Date('2026-02-01T00:00:00Z') });
    const res = await api.call('GET', '/v1/payouts/preview', { token: ws.token });
    expect(res.body.data.payouts.map((g: Group) => [g.affiliate_id, g.commission_ids])).toEqual([
      [early.affiliate.id, [e2.id, e3.id, e1.id]],
      [late.affiliate.id, [l1.id]],
    ]);
    const batch = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(batch.body.data.map((g: Group) => g.commission_ids)).toEqual([[e2.id, e3.id, e1.id], [l1.id]]);
  });

  it('writes nothing: no payouts, no events, commissions unclaimed, settings untouched', async () => {
    const { ws, preview } = await program();
    const snapshot = async () => ({
      payouts: await api.db.select().from(payouts).where(eq(payouts.workspaceId, ws.id)),
      commissions: await api.db.select().from(commissions).where(eq(commissions.workspaceId, ws.id)).orderBy(commissions.id),
      settings: await api.db.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ws.id)),
      events: await eventsOf(api, ws.id, 'payout.created'),
    });
    const before = await snapshot();
    const first = await preview();
    const second = await preview();
    expect(second.body).toEqual(first.body);
    expect(await snapshot()).toEqual(before);
    expect(before.payouts).toEqual([]);
    expect(before.commissions.every((c) => c.payoutId === null)).toBe(true);
  });

  it('plans with the default min_payout when the settings row is gone, without recreating it', async () => {
    const ws = await moneyWorkspace(api);
    const a = await moneyAffiliate(api, ws);
    const c = await a.earn({ amount: 5000, status: 'approved' });
    await a.earn({ amount: 4999, status: 'approved', currency: 'eur' });
    await api.db.delete(workspaceSettings).where(eq(workspaceSettings.workspaceId, ws.id));
    const res = await api.call('GET', '/v1/payouts/preview', { token: ws.token });
    expect(res.body.data.min_payout).toBe(5000);
    expect(res.body.data.payouts.map(shape)).toEqual([{ affiliate_id: a.affiliate.id, amount: 5000, currency: 'usd', commission_ids: [c.id] }]);
    expect(res.body.data.skipped.map((s: { reason: string }) => s.reason)).toEqual(['below_min_payout']);
    expect(await api.db.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ws.id))).toEqual([]);
  });

  it("shows only the caller's workspace", async () => {
    const { ws, preview } = await program();
    const stranger = await moneyWorkspace(api);
    const theirs = await preview(stranger.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual({ payouts: [], skipped: [], waiting: [], total_by_currency: {}, min_payout: 5000 });
    expect((await preview()).body.data.payouts).toHaveLength(2);
    expect(JSON.stringify(theirs.body)).not.toContain(ws.id);
  });

  it('is routed before /payouts/{id}, needs read access and a workspace key', async () => {
    const { ws, paid, preview } = await program();
    for (const scopes of [['read'], [], ['*']]) expect((await preview(await ws.keyFor(scopes))).status).toBe(200);
    for (const scopes of [['write'], ['track']]) {
      const res = await preview(await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    const affiliateKey = await preview(await affiliateToken(api.db, ws.id, paid.affiliate.id));
    expect(affiliateKey.status).toBe(403);
    expect(affiliateKey.body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    expect((await api.call('GET', '/v1/payouts/preview')).status).toBe(401);
    const post = await api.call('POST', '/v1/payouts/preview', { token: ws.token, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    // The id route still answers for ids.
    const missing = await api.call('GET', '/v1/payouts/0190a0b0-0000-7000-8000-000000000000', { token: ws.token });
    expect(missing.body.error).toBe('link_not_found');
  });
});
