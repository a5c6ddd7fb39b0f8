import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyRollups } from '@/db/schema';
import { foldRollups } from '../rollups/fold';
import { startTestApi, type TestApi } from '../../testing/api';
import { liveSum, startProgram } from '../../testing/program';
import { recordRefund } from './refund';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('recordRefund', () => {
  it('racing refunds of one sale: the largest total wins and the rollups stay equal to the net state', async () => {
    const p = await startProgram(api, { prefix: 'race' });
    const id = await p.sale('r_race', 10_000);
    const ctx = { db: api.db, workspaceId: p.ws.id };
    // started together, every call reads the sale before any writes it: one write lands, the
    // others find the sale changed and run again under its lock
    const totals = [1_000, 4_000, 2_000, 8_000, 3_000, 6_000, 5_000, 7_000];
    const answers = await Promise.all(totals.map((amount) => recordRefund({ ctx, input: { externalId: 'r_race', amount } })));
    expect(answers).toEqual(totals.map(() => ({ ok: true, conversion_id: id })));
    expect(await p.conversion(id)).toMatchObject({ status: 'pending', refundedAmount: 8_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(600); // 30 % of the 20.00 left
    await foldRollups({ db: api.db });
    const rows = await api.db.select().from(dailyRollups).where(eq(dailyRollups.workspaceId, p.ws.id));
    expect(rows.map((r) => [r.sales, r.revenue, r.commissions])).toEqual([[1, 2_000, 600]]);
  });
});
