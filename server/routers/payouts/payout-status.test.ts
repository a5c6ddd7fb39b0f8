import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A workspace with one pending payout of an earning and a clawback. */
async function setup() {
  const ws = await moneyWorkspace(api);
  await api.db.update(workspaceSettings).set({ minPayout: 0 }).where(eq(workspaceSettings.workspaceId, ws.id));
  const a = await moneyAffiliate(api, ws);
  const earning = await a.earn({ amount: 5000, status: 'approved' });
  const claw = await a.clawback(await a.earn({ amount: 1000, status: 'paid' }));
  const created = await api.call('POST', '/v1/payouts', { token: ws.token });
  const payout = created.body.data[0];
  const setStatus = (body: unknown, id = payout.id, token = ws.token) => api.call('POST', `/v1/payouts/${id}/status`, { token, body });
  const payoutRow = async () => (await api.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0];
  return { ws, a, earning, claw, payout, setStatus, payoutRow };
}

describe('POST /v1/payouts/{id}/status', () => {
  it('paid settles the commissions, stamps paid_at and emits payout.updated and commission.updated', async () => {
    const { ws, earning, claw, payout, setStatus } = await setup();
    expect(payout).toMatchObject({ amount: 4000, status: 'pending' });
    const res = await setStatus({ status: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('payout');
    expect(res.body.data).toMatchObject({ id: payout.id, status: 'paid', amount: 4000 });
    expect(res.body.data.commission_ids.sort()).toEqual([earning.id, claw.id].sort());
    expect(Date.parse(res.body.data.paid_at)).toBeGreaterThan(Date.now() - 60_000);
    for (const id of [earning.id, claw.id]) expect(await commissionRow(api, id)).toMatchObject({ status: 'paid', payoutId: payout.id });
    const updated = await eventsOf(api, ws.id, 'payout.updated');
    expect(updated.map((e) => (e.payload as { data: { status: string } }).data.status)).toEqual(['paid']);
    const commissionEvents = await eventsOf(api, ws.id, 'commission.updated');
    expect(commissionEvents.map((e) => (e.payload as { data: { id: string } }).data.id).sort()).toEqual([earning.id, claw.id].sort());
    // A paid commission is history: the next batch and reviews leave it alone.
    expect((await api.call('POST', '/v1/payouts', { token: ws.token })).body.data).toEqual([]);
    expect((await api.call('PATCH', `/v1/commissions/${earning.id}`, { token: ws.token, body: { status: 'denied' } })).status).toBe(409);
  });

  it.each(['failed', 'canceled'])('%s releases the commissions for the next batch', async (status) => {
    const { ws, earning, claw, payout, setStatus } = await setup();
    const res = await setStatus({ status });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: payout.id, status, paid_at: null, commission_ids: [] });
    for (const id of [earning.id, claw.id]) expect(await commissionRow(api, id)).toMatchObject({ status: 'approved', payoutId: null });
    expect(await eventsOf(api, ws.id, 'commission.updated')).toHaveLength(2);
    // Released commissions are reviewable again, and the next batch takes them.
    const next = await api.call('POST', '/v1/payouts', { token: ws.token });
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0]).toMatchObject({ amount: 4000 });
    expect(next.body.data[0].id).not.toBe(payout.id);
  });

  it('moves only from pending: any second change is 409 invalid_state and changes nothing', async () => {
    for (const first of ['paid', 'failed', 'canceled']) {
      const { earning, setStatus, payoutRow } = await setup();
      await setStatus({ status: first });
      const before = { payout: await payoutRow(), earning: await commissionRow(api, earning.id) };
      for (const next of ['paid', 'failed', 'canceled']) {
        const res = await setStatus({ status: next });
        expect(res.status, `${first} -> ${next}`).toBe(409);
        expect(res.body.error).toBe('invalid_state');
      }
      expect(await payoutRow()).toEqual(before.payout);
      expect(await commissionRow(api, earning.id)).toEqual(before.earning);
    }
  });

  it('two racing changes: one wins, the other answers 409', async () => {
    const { setStatus, payoutRow } = await setup();
    const results = await Promise.all([setStatus({ status: 'paid' }), setStatus({ status: 'canceled' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await payoutRow()).status).toBe(winner.body.data.status);
  });

  it.each([
    [{}, 'status_required'],
    [{ status: 'pending' }, 'invalid_request'],
    [{ status: 'approved' }, 'invalid_request'],
    [{ status: 'paid', paid_at: '2026-01-01T00:00:00Z' }, 'invalid_request'],
  ])('rejects %j with %s and changes nothing', async (body, error) => {
    const { ws, setStatus, payoutRow } = await setup();
    const before = await payoutRow();
    const res = await setStatus(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await payoutRow()).toEqual(before);
    expect(await eventsOf(api, ws.id, 'payout.updated')).toHaveLength(0);
  });

  it("answers link_not_found for unknown, malformed and another workspace's payouts; needs write", async () => {
    const { ws, setStatus, payoutRow, payout } = await setup();
    const before = await payoutRow();
    const stranger = await moneyWorkspace(api, ['*']);
    for (const [id, token] of [
      ['0190a0b0-0000-7000-8000-000000000000', ws.token],
      ['nope', ws.token],
      [payout.id, stranger.token],
    ]) {
      const res = await setStatus({ status: 'paid' }, id, token);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    for (const scopes of [['read'], []]) {
      const res = await setStatus({ status: 'paid' }, payout.id, await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    expect(await payoutRow()).toEqual(before);
  });
});
