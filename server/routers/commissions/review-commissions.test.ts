import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { seedPayout } from '../../testing/seed';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A workspace with one affiliate and helpers to call the review endpoints. */
async function setup() {
  const ws = await moneyWorkspace(api);
  const a = await moneyAffiliate(api, ws);
  const patch = (id: string, body: unknown, token = ws.token) => api.call('PATCH', `/v1/commissions/${id}`, { token, body });
  const bulk = (body: unknown, token = ws.token) => api.call('POST', '/v1/commissions/bulk', { token, body });
  const updates = async () => (await eventsOf(api, ws.id, 'commission.updated')).length;
  return { ws, a, patch, bulk, updates };
}

describe('PATCH /v1/commissions/{id}', () => {
  it('approves, denies and re-approves, emitting commission.updated each time', async () => {
    const { ws, a, patch } = await setup();
    const c = await a.earn({ amount: 1200 });
    const approved = await patch(c.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ object: 'commission', data: { id: c.id, status: 'approved', amount: 1200, computed_amount: 1200 } });
    expect((await patch(c.id, { status: 'denied' })).body.data.status).toBe('denied');
    expect((await patch(c.id, { status: 'approved' })).body.data.status).toBe('approved');
    const events = await eventsOf(api, ws.id, 'commission.updated');
    expect(events.map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['approved', 'denied', 'approved']);
    expect((events[0].payload as { data: unknown }).data).toEqual({
      object: 'commission',
      id: c.id,
      affiliate_id: a.affiliate.id,
      conversion_id: c.conversionId,
      bounty_id: null,
      kind: 'earning',
      recruit_id: null,
      amount: 1200,
      currency: 'usd',
      status: 'approved',
      period_index: 0,
      created_at: c.createdAt.toISOString(),
    });
  });

  it('overrides the amount, alone or with a status, keeping the computed amount', async () => {
    const { a, patch } = await setup();
    const c = await a.earn({ amount: 1200 });
    const res = await patch(c.id, { amount: 900 });
    expect(res.body.data).toMatchObject({ amount: 900, computed_amount: 1200, status: 'pending' });
    const both = await patch(c.id, { amount: 0, status: 'approved' });
    expect(both.body.data).toMatchObject({ amount: 0, computed_amount: 1200, status: 'approved' });
    expect(await commissionRow(api, c.id)).toMatchObject({ amount: 0, computedAmount: 1200, status: 'approved' });
  });

  it('repeating the current values writes nothing and emits nothing', async () => {
    const { a, patch, updates } = await setup();
    const c = await a.earn({ amount: 700, status: 'approved' });
    const res = await patch(c.id, { status: 'approved', amount: 700 });
    expect(res.status).toBe(200);
    expect(res.body.data.updated_at).toBe(c.updatedAt.toISOString());
    expect(await updates()).toBe(0);
  });

  it.each([
    [{}, 400, 'status_required'],
    [{ status: 'paid' }, 400, 'invalid_request'],
    [{ status: 'pending' }, 400, 'invalid_request'],
    [{ amount: -1 }, 400, 'invalid_request'],
    [{ amount: 1.5 }, 400, 'invalid_request'],
    [{ amount: '100' }, 400, 'invalid_request'],
    [{ status: 'approved', note: 'x' }, 400, 'invalid_request'],
  ])('rejects %j with %s and changes nothing', async (body, status, error) => {
    const { a, patch, updates } = await setup();
    const c = await a.earn({ amount: 500 });
    const res = await patch(c.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await commissionRow(api, c.id)).toEqual(c);
    expect(await updates()).toBe(0);
  });

  it('answers invalid_json for a broken body', async () => {
    const { ws, a } = await setup();
    const c = await a.earn();
    const res = await api.call('PATCH', `/v1/commissions/${c.id}`, {
      token: ws.token,
      rawBody: '{"status":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('refuses paid, reversed, clawback and in-payout commissions with 409 invalid_state', async () => {
    const { ws, a, patch, updates } = await setup();
    const paid = await a.earn({ amount: 300, status: 'paid' });
    const reversed = await a.earn({ amount: 300, status: 'reversed' });
    const clawback = await a.clawback(paid);
    const payout = await seedPayout(api.db, { workspaceId: ws.id, affiliateId: a.affiliate.id });
    const inPayout = await a.earn({ amount: 300, status: 'approved', payoutId: payout.id });
    for (const c of [paid, reversed, clawback, inPayout]) {
      for (const body of [{ status: 'denied' }, { amount: 1 }, { status: 'approved', amount: 5 }]) {
        const res = await patch(c.id, body);
        expect(res.status, `${c.status} ${JSON.stringify(body)}`).toBe(409);
        expect(res.body.error).toBe('invalid_state');
      }
      expect(await commissionRow(api, c.id)).toEqual(c);
    }
    expect(await updates()).toBe(0);
  });

  it("answers link_not_found for unknown, malformed and another workspace's ids", async () => {
    const { a, patch } = await setup();
    const mine = await a.earn({ amount: 100 });
    const stranger = await moneyWorkspace(api, ['*']);
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'nope']) {
      const res = await patch(id, { status: 'approved' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    const res = await patch(mine.id, { status: 'approved', amount: 1 }, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('link_not_found');
    expect(await commissionRow(api, mine.id)).toEqual(mine);
  });

  it('needs write scope', async () => {
    const { ws, a, patch } = await setup();
    const c = await a.earn();
    for (const scopes of [['read'], [], ['track']]) {
      const res = await patch(c.id, { status: 'approved' }, await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    expect((await patch(c.id, { status: 'approved' }, await ws.keyFor(['*']))).status).toBe(200);
    expect((await api.call('PATCH', `/v1/commissions/${c.id}`, { body: { status: 'denied' } })).status).toBe(401);
    expect((await commissionRow(api, c.id)).status).toBe('approved');
  });
});

describe('POST /v1/commissions/bulk', () => {
  it('sets one status on every commission, answering them in the order asked', async () => {
    const { a, bulk, updates } = await setup();
    const [c1, c2, c3] = [await a.earn(), await a.earn({ status: 'denied' }), await a.earn({ status: 'approved' })];
    const res = await bulk({ ids: [c3.id, c1.id, c2.id, c1.id.toUpperCase()], status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'commissions', limit: 3, offset: 0, has_more: false });
    expect(res.body.data.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      [c3.id, 'approved'],
      [c1.id, 'approved'],
      [c2.id, 'approved'],
    ]);
    // c3 was already approved: only the two that changed emit.
    expect(await updates()).toBe(2);
    const denied = await bulk({ ids: [c1.id, c2.id], status: 'denied' });
    expect(denied.body.data.map((x: { status: string }) => x.status)).toEqual(['denied', 'denied']);
  });

  it('changes nothing when one id is not in the workspace (404) or not reviewable (409)', async () => {
    const { ws, a, bulk, updates } = await setup();
    const fine = await a.earn();
    const paid = await a.earn({ status: 'paid' });
    const clawback = await a.clawback(paid);
    const stranger = await moneyWorkspace(api);
    const foreign = await (await moneyAffiliate(api, stranger)).earn();
    const cases: [string[], number, string][] = [
      [[fine.id, foreign.id], 404, 'unknown_resource'],
      [[fine.id, '0190a0b0-0000-7000-8000-000000000000'], 404, 'unknown_resource'],
      [[fine.id, paid.id], 409, 'invalid_state'],
      [[fine.id, clawback.id], 409, 'invalid_state'],
    ];
    for (const [ids, status, error] of cases) {
      const res = await bulk({ ids, status: 'approved' });
      expect(res.status, ids.join()).toBe(status);
      expect(res.body.error).toBe(error);
    }
    expect(await commissionRow(api, fine.id)).toEqual(fine);
    expect(await commissionRow(api, foreign.id)).toEqual(foreign);
    expect(await updates()).toBe(0);
    expect((await bulk({ ids: [fine.id], status: 'approved' }, stranger.token)).body.error).toBe('unknown_resource');
    expect((await bulk({ ids: [fine.id], status: 'denied' }, await ws.keyFor(['read']))).body).toMatchObject({
      error: 'insufficient_scope',
      need: 'write',
    });
    expect((await commissionRow(api, fine.id)).status).toBe('pending');
  });

  it.each([
    [{ status: 'approved' }, 'ids_required'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'] }, 'status_required'],
    [{ ids: [], status: 'approved' }, 'invalid_request'],
    [{ ids: ['not-a-uuid'], status: 'approved' }, 'invalid_request'],
    [{ ids: Array.from({ length: 101 }, (_, i) => `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`), status: 'approved' }, 'invalid_request'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'], status: 'paid' }, 'invalid_request'],
    [{ ids: ['0190a0b0-0000-7000-8000-000000000000'], status: 'approved', amount: 1 }, 'invalid_request'],
  ])('rejects %j with %s', async (body, error) => {
    const { bulk } = await setup();
    const res = await bulk(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });
});
