import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { writeRefund } from './write-refund';

// A refund writes the commissions it changes from rows it read earlier in its transaction; only the
// columns the ledger rule changed may be written, or a stale copy would undo another change.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'wrefund' });
});
afterAll(() => api.close());

describe('writeRefund', () => {
  it('writes only the columns the ledger rule changed on an existing commission', async () => {
    const id = await p.sale('wr_1', 10_000);
    const conversion = await p.conversion(id);
    const [stale] = await p.ledger(id);
    expect(stale.status).toBe('pending');
    // meanwhile the commission was approved
    await api.db.update(commissions).set({ status: 'approved' }).where(eq(commissions.id, stale.id));
    const updatedAt = new Date();
    await writeRefund(api.db, {
      conversion: { ...conversion, refundedAmount: 5_000, updatedAt },
      ledger: { created: [], updates: [{ row: { ...stale, amount: 1_500, updatedAt }, set: { amount: 1_500 } }] },
      events: [],
      deltas: [],
    });
    const [after] = await p.ledger(id);
    expect([after.amount, after.status, after.updatedAt]).toEqual([1_500, 'approved', updatedAt]);
    expect((await p.conversion(id)).refundedAmount).toBe(5_000);
  });

  it('clears a restore status when the rule says so', async () => {
    const id = await p.sale('wr_2', 10_000);
    const conversion = await p.conversion(id);
    const [c] = await api.db.update(commissions).set({ status: 'reversed', restoreStatus: 'approved' }).where(eq(commissions.conversionId, id)).returning();
    const set = { status: 'approved' as const, restoreStatus: null, amount: 3_000 };
    await writeRefund(api.db, { conversion, ledger: { created: [], updates: [{ row: { ...c, ...set }, set }] }, events: [], deltas: [] });
    const [after] = await p.ledger(id);
    expect([after.status, after.restoreStatus, after.amount]).toEqual(['approved', null, 3_000]);
  });
});
