import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyRollups } from '@/db/schema';
import { foldRollups } from '../domain/rollups/fold';
import { startTestApi, type TestApi } from '../testing/api';
import { liveSum, startProgram, type Program } from '../testing/program';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

const sale = (id: string, amount?: number) => p.sale(id, amount);

describe('POST /v1/track/refund', () => {
  it('a full refund reverses the unpaid commission; repeating it changes nothing', async () => {
    const id = await sale('r_full');
    const res = await p.track('refund', { external_id: 'r_full' });
    expect(res.body).toEqual({ ok: true, conversion_id: id });
    expect(await p.conversion(id)).toMatchObject({ status: 'refunded', refundedAmount: 10_000 });
    const [c] = await p.ledger(id);
    expect(c).toMatchObject({ status: 'reversed', restoreStatus: 'pending' });
    const again = await p.track('refund', { external_id: 'r_full' });
    expect(again.body).toEqual(res.body);
    expect(await p.ledger(id)).toHaveLength(1);
  });

  it('a partial refund keeps the status and shrinks the commission pro rata (amount is the running total)', async () => {
    const id = await sale('r_part');
    await p.track('refund', { external_id: 'r_part', amount: 2_500 });
    expect(await p.conversion(id)).toMatchObject({ status: 'pending', refundedAmount: 2_500 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(2_250); // 30 % of 75.00
    await p.track('refund', { external_id: 'r_part', amount: 2_500 }); // a retry: same total
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(2_250);
    await p.track('refund', { external_id: 'r_part', amount: 5_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(1_500);
  });

  it('reason chargeback makes it a chargeback', async () => {
    const id = await sale('r_cb');
    await p.track('refund', { external_id: 'r_cb', reason: 'chargeback' });
    expect((await p.conversion(id)).status).toBe('chargeback');
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(0);
  });

  it('422 conversion_failed when no conversion has the external_id; 400s for bad input', async () => {
    const res = await p.track('refund', { external_id: 'never_sold' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('conversion_failed');
    expect((await p.track('refund', {})).body.error).toBe('external_id_required');
    expect((await p.track('refund', { external_id: 'r_full', amount: 0 })).body.error).toBe('invalid_request');
    expect((await p.track('refund', { external_id: 'r_full', reason: 'oops' })).body.error).toBe('invalid_request');
  });

  it("another workspace cannot refund this workspace's sale", async () => {
    await sale('r_mine');
    const other = await api.workspace(['track']);
    const res = await api.call('POST', '/v1/track/refund', { token: other.token, body: { external_id: 'r_mine' } });
    expect(res.status).toBe(422);
    expect((await p.track('refund', { external_id: 'r_mine', amount: 1 })).status).toBe(200);
  });

  it('keeps the daily rollups equal to the net state', async () => {
    await foldRollups({ db: api.db });
    const rows = await api.db.select().from(dailyRollups).where(eq(dailyRollups.workspaceId, p.ws.id));
    const total = rows.reduce((s, r) => ({ sales: s.sales + r.sales, revenue: s.revenue + r.revenue, commissions: s.commissions + r.commissions }), { sales: 0, revenue: 0, commissions: 0 });
    // live sales: r_part (net 50.00), r_mine (net 99.99); refunded and charged back ones are out
    expect(total).toEqual({ sales: 2, revenue: 5_000 + 9_999, commissions: 1_500 + 3_000 });
  });
});
