import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, payouts, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken } from '../../testing/seed';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type PayoutBody = { id: string; affiliate_id: string; amount: number; currency: string; status: string; commission_ids: string[]; created_at: string; batch_id: string };

async function setup(minPayout?: number) {
  const ws = await moneyWorkspace(api);
  if (minPayout !== undefined) await api.db.update(workspaceSettings).set({ minPayout }).where(eq(workspaceSettings.workspaceId, ws.id));
  const run = (token = ws.token) => api.call('POST', '/v1/payouts', { token });
  const byAffiliate = (res: { body: { data: PayoutBody[] } }) =>
    Object.fromEntries(res.body.data.map((p) => [`${p.affiliate_id}:${p.currency}`, p]));
  return { ws, run, byAffiliate };
}

const past = new Date(Date.now() - 60_000);
const future = new Date(Date.now() + 86_400_000);

describe('POST /v1/payouts', () => {
  it("batches each affiliate's approved, past-hold cash commissions, one payout per currency", async () => {
    const { ws, run, byAffiliate } = await setup();
    const a = await moneyAffiliate(api, ws);
    const due1 = await a.earn({ amount: 3000, status: 'approved', createdAt: new Date('2026-01-01T00:00:00Z') });
    const due2 = await a.earn({ amount: 4000, status: 'approved', holdUntil: past, createdAt: new Date('2026-01-02T00:00:00Z') });
    const eur = await a.earn({ amount: 6000, status: 'approved', currency: 'eur' });
    const skipped = [
      await a.earn({ amount: 9000 }),
      await a.earn({ amount: 9000, status: 'denied' }),
      await a.earn({ amount: 9000, status: 'reversed' }),
      await a.earn({ amount: 9000, status: 'paid' }),
      await a.earn({ amount: 9000, status: 'approved', holdUntil: future }),
      await a.earn({ amount: 9000, status: 'approved', rewardType: 'non_cash' }),
      await a.earn({ amount: 9000, status: 'approved' }, { isTest: true }),
    ];
    const res = await run();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'list', resource: 'payouts', limit: 2, offset: 0, has_more: false });
    const made = byAffiliate(res);
    expect(Object.keys(made).sort()).toEqual([`${a.affiliate.id}:eur`, `${a.affiliate.id}:usd`]);
    expect(made[`${a.affiliate.id}:usd`]).toMatchObject({ amount: 7000, status: 'pending', commission_ids: [due1.id, due2.id], paid_at: null });
    expect(made[`${a.affiliate.id}:eur`]).toMatchObject({ amount: 6000, commission_ids: [eur.id] });
    // the list and the single read name each payout's own commissions, not the batch's
    const listed = await api.call('GET', '/v1/payouts', { token: ws.token });
    expect(Object.fromEntries(listed.body.data.map((p: PayoutBody) => [`${p.affiliate_id}:${p.currency}`, p.commission_ids]))).toEqual({
      [`${a.affiliate.id}:usd`]: [due1.id, due2.id],
      [`${a.affiliate.id}:eur`]: [eur.id],
    });
    const one = await api.call('GET', `/v1/payouts/${made[`${a.affiliate.id}:eur`].id}`, { token: ws.token });
    expect(one.body.data.commission_ids).toEqual([eur.id]);
    for (const c of skipped) expect(await commissionRow(api, c.id)).toEqual(c);
    expect((await commissionRow(api, due1.id)).status).toBe('approved');

    const events = await eventsOf(api, ws.id, 'payout.created');
    expect(events.map((e) => (e.payload as { data: PayoutBody }).data.id).sort()).toEqual(res.body.data.map((p: PayoutBody) => p.id).sort());
    expect((events[0].payload as { data: { object: string } }).data.object).toBe('payout');

    const again = await run();
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual([]);
  });

  it('carries groups below min_payout over until they reach it', async () => {
    const { ws, run } = await setup(5000);
    const a = await moneyAffiliate(api, ws);
    const first = await a.earn({ amount: 2000, status: 'approved' });
    const second = await a.earn({ amount: 2999, status: 'approved' });
    expect((await run()).body.data).toEqual([]);
    expect(await commissionRow(api, first.id)).toMatchObject({ status: 'approved', payoutId: null });
    const third = await a.earn({ amount: 1, status: 'approved' });
    const res = await run();
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ amount: 5000, commission_ids: [first.id, second.id, third.id] });
  });

  it('nets clawbacks against earnings and skips groups whose net is not positive', async () => {
    const { ws, run, byAffiliate } = await setup(0);
    const netted = await moneyAffiliate(api, ws);
    const paid = await netted.earn({ amount: 1500, status: 'paid' });
    const claw = await netted.clawback(paid);
    const earning = await netted.earn({ amount: 8000, status: 'approved' });
    const zero = await moneyAffiliate(api, ws);
    const zeroPaid = await zero.earn({ amount: 1000, status: 'paid' });
    const zeroClaw = await zero.clawback(zeroPaid);
    const zeroEarning = await zero.earn({ amount: 1000, status: 'approved' });
    const negative = await moneyAffiliate(api, ws);
    const negClaw = await negative.clawback(await negative.earn({ amount: 700, status: 'paid' }));

    const made = byAffiliate(await run());
    expect(Object.keys(made)).toEqual([`${netted.affiliate.id}:usd`]);
    expect(made[`${netted.affiliate.id}:usd`]).toMatchObject({ amount: 6500 });
    expect(made[`${netted.affiliate.id}:usd`].commission_ids.sort()).toEqual([claw.id, earning.id].sort());
    for (const c of [zeroClaw, zeroEarning, negClaw]) expect(await commissionRow(api, c.id)).toEqual(c);
  });

  it('answers a body it does not take with invalid_request and creates nothing; needs write', async () => {
    const { ws } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    await a.earn({ amount: 100, status: 'approved' });
    const bad = await api.call('POST', '/v1/payouts', { token: ws.token, body: { affiliate_id: a.affiliate.id } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'invalid_request', detail: 'unknown field: affiliate_id' });
    for (const scopes of [['read'], [], ['track']]) {
      const res = await api.call('POST', '/v1/payouts', { token: await ws.keyFor(scopes) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    expect((await api.call('POST', '/v1/payouts')).status).toBe(401);
    expect(await api.db.select().from(payouts).where(eq(payouts.workspaceId, ws.id))).toEqual([]);
  });

  it('never batches another workspace', async () => {
    const { ws } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    const mine = await a.earn({ amount: 100, status: 'approved' });
    const stranger = await setup(0);
    expect((await stranger.run()).body.data).toEqual([]);
    expect(await commissionRow(api, mine.id)).toEqual(mine);
  });
});

describe('racing POST /v1/payouts', () => {
  it('puts every commission in exactly one payout', async () => {
    const { ws, run } = await setup(0);
    const due: string[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await moneyAffiliate(api, ws);
      for (let j = 0; j < 3; j++) due.push((await a.earn({ amount: 100 + j, status: 'approved' })).id);
    }
    const results = await Promise.all([run(), run(), run()]);
    for (const r of results) expect(r.status).toBe(201);
    const created: PayoutBody[] = results.flatMap((r) => r.body.data);
    expect(created).toHaveLength(4);
    const ids = created.flatMap((p) => p.commission_ids);
    expect(ids.sort()).toEqual([...due].sort());
    expect(new Set(ids).size).toBe(due.length);
    const rows = await api.db.select().from(commissions).where(inArray(commissions.id, due));
    expect(new Set(rows.map((r) => r.payoutId)).size).toBe(4);
    expect(await api.db.select().from(payouts).where(eq(payouts.workspaceId, ws.id))).toHaveLength(4);
    expect(await eventsOf(api, ws.id, 'payout.created')).toHaveLength(4);
  });

  it('a review racing a batch either lands before it or answers 409', async () => {
    const { ws, run } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    for (let round = 0; round < 3; round++) {
      const c = await a.earn({ amount: 500, status: 'approved' });
      const [batch, review] = await Promise.all([
        run(),
        api.call('PATCH', `/v1/commissions/${c.id}`, { token: ws.token, body: { status: 'denied' } }),
      ]);
      const row = await commissionRow(api, c.id);
      if (review.status === 200) {
        expect(row).toMatchObject({ status: 'denied', payoutId: null });
        expect(batch.body.data).toEqual([]);
      } else {
        expect(review.body.error).toBe('invalid_state');
        expect(row).toMatchObject({ status: 'approved', payoutId: batch.body.data[0].id });
      }
    }
  });

  it('a bulk review racing a batch: the review takes all the commissions or none', async () => {
    const { ws, run } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    for (let round = 0; round < 3; round++) {
      const ids: string[] = [];
      // Later ids with earlier created_at, so id order and age order differ.
      for (let i = 0; i < 6; i++) ids.push((await a.earn({ amount: 100, status: 'approved', createdAt: new Date(Date.UTC(2026, 0, 10 - i)) })).id);
      const [batch, review] = await Promise.all([
        run(),
        api.call('POST', '/v1/commissions/bulk', { token: ws.token, body: { ids: [...ids].reverse(), status: 'denied' } }),
      ]);
      expect(batch.status).toBe(201);
      const rows = await api.db.select().from(commissions).where(inArray(commissions.id, ids));
      if (review.status === 200) {
        expect(batch.body.data).toEqual([]);
        expect(rows.every((r) => r.status === 'denied' && r.payoutId === null)).toBe(true);
      } else {
        expect(review.body.error).toBe('invalid_state');
        expect(rows.every((r) => r.status === 'approved' && r.payoutId === batch.body.data[0].id)).toBe(true);
      }
    }
  });
});

describe('GET /v1/payouts and /v1/payouts/{id}', () => {
  it('lists newest first with filters and reads one with its commission ids', async () => {
    const { ws, run } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    const b = await moneyAffiliate(api, ws);
    const ca = await a.earn({ amount: 100, status: 'approved' });
    const first = (await run()).body.data[0] as PayoutBody;
    await b.earn({ amount: 200, status: 'approved' });
    const second = (await run()).body.data[0] as PayoutBody;
    await api.call('POST', `/v1/payouts/${first.id}/status`, { token: ws.token, body: { status: 'paid' } });

    const list = await api.call('GET', '/v1/payouts', { token: ws.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', resource: 'payouts', limit: 50, offset: 0, has_more: false });
    expect(list.body.data.map((p: PayoutBody) => p.id)).toEqual([second.id, first.id]);
    const filtered = async (q: string) => (await api.call('GET', `/v1/payouts?${q}`, { token: ws.token })).body.data.map((p: PayoutBody) => p.id);
    expect(await filtered('status=paid')).toEqual([first.id]);
    expect(await filtered('status=pending')).toEqual([second.id]);
    expect(await filtered(`affiliate_id=${b.affiliate.id}`)).toEqual([second.id]);
    expect(await filtered('limit=1&offset=1')).toEqual([first.id]);

    const one = await api.call('GET', `/v1/payouts/${first.id}`, { token: ws.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      object: 'payout',
      data: {
        id: first.id,
        affiliate_id: a.affiliate.id,
        amount: 100,
        currency: 'usd',
        status: 'paid',
        commission_ids: [ca.id],
        batch_id: first.batch_id,
        rail: null,
        provider_ref: null,
        failure_reason: null,
        reference: null,
        sent_at: null,
        created_at: first.created_at,
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        // marked paid by hand just now: undoable for 24 hours
        undo_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
  });

  it('rejects bad filters, and answers 404 for records outside the workspace', async () => {
    const { ws, run } = await setup(0);
    const a = await moneyAffiliate(api, ws);
    await a.earn({ amount: 100, status: 'approved' });
    const payout = (await run()).body.data[0] as PayoutBody;
    for (const q of ['status=approved', 'limit=0', 'limit=500']) {
      const res = await api.call('GET', `/v1/payouts?${q}`, { token: ws.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
    const stranger = await setup(0);
    const foreignAff = await api.call('GET', `/v1/payouts?affiliate_id=${a.affiliate.id}`, { token: stranger.ws.token });
    expect(foreignAff.status).toBe(404);
    expect(foreignAff.body.error).toBe('unknown_resource');
    expect((await api.call('GET', '/v1/payouts', { token: stranger.ws.token })).body.data).toEqual([]);
    for (const id of [payout.id, '0190a0b0-0000-7000-8000-000000000000', 'x']) {
      const res = await api.call('GET', `/v1/payouts/${id}`, { token: stranger.ws.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
  });

  it('reads with read, * or no scopes; not with track or write only, nor an affiliate key', async () => {
    const { ws } = await setup();
    const a = await moneyAffiliate(api, ws);
    for (const scopes of [[], ['read'], ['*']]) expect((await api.call('GET', '/v1/payouts', { token: await ws.keyFor(scopes) })).status).toBe(200);
    for (const scopes of [['track'], ['write']]) {
      const res = await api.call('GET', '/v1/payouts', { token: await ws.keyFor(scopes) });
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    const affKey = await affiliateToken(api.db, ws.id, a.affiliate.id);
    expect((await api.call('GET', '/v1/payouts', { token: affKey })).body).toMatchObject({ need: 'workspace_key' });
  });
});
