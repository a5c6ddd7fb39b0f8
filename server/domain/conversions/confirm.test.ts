import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { eventsOf } from '../../testing/commission-fixtures';
import { startProgram, type Program } from '../../testing/program';
import { confirmDueConversions } from './confirm';

// The hold-period job as the merchant's systems and auditors see it: one conversion.updated event
// per confirmed sale, commission.updated for what it auto-approved, and one audit row per sale
// under the job's name naming only that sale's commissions.
let api: TestApi;
let p: Program;
let sales: string[];
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'cf', settings: { hold_days: 0, auto_approve_commissions: true } });
  sales = [await p.sale('cf_1', 10_000), await p.sale('cf_2', 20_000)];
});
afterAll(() => api.close());

describe('confirmDueConversions', () => {
  it('confirms due sales, tells the webhooks and writes one audit row per sale under the job', async () => {
    const commissionOf = async (id: string) => (await p.ledger(id)).map((c) => c.id);
    const [first, second] = await Promise.all(sales.map(commissionOf));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);

    expect((await confirmDueConversions(api.db, new Date(Date.now() + 60_000))).done).toBeGreaterThanOrEqual(2);

    const updated = (await eventsOf(api, p.ws.id, 'conversion.updated')).map((e) => (e.payload as { data: { id: string; status: string } }).data);
    for (const id of sales) expect(updated).toContainEqual(expect.objectContaining({ id, status: 'confirmed' }));
    const approved = (await eventsOf(api, p.ws.id, 'commission.updated')).map((e) => (e.payload as { data: { id: string; status: string } }).data);
    for (const id of [...first, ...second]) expect(approved).toContainEqual(expect.objectContaining({ id, status: 'approved' }));

    const audits = await api.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, 'conversion.confirmed')));
    const bySale = new Map(audits.map((a) => [a.targetId, a]));
    for (const [id, commissions] of [[sales[0], first], [sales[1], second]] as const) {
      const row = bySale.get(id)!;
      expect(row).toMatchObject({ actorType: 'system', actorId: 'conversions.confirm', targetType: 'conversion' });
      expect(row.changes).toEqual({ before: { status: 'pending' }, after: { status: 'confirmed' }, approved_commission_ids: commissions });
    }
  });

  it('leaves confirmed sales alone on the next run', async () => {
    expect(await confirmDueConversions(api.db, new Date(Date.now() + 120_000))).toEqual({ done: 0, more: false, failed: 0 });
  });
});
