import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions, rollupDeltas, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { newId } from '../lib/ids';
import { refundStateByExternalId } from './refund-read';
import { refundWriter, writeRefund, writeRefunds, type RefundRows } from './refund-write';

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
      version: null,
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
    await writeRefund(api.db, { conversion, version: null, ledger: { created: [], updates: [{ row: { ...c, ...set }, set }] }, events: [], deltas: [] });
    const [after] = await p.ledger(id);
    expect([after.status, after.restoreStatus, after.amount]).toEqual(['approved', null, 3_000]);
  });

  it('writes nothing, and answers false, when the sale changed since it was read unlocked', async () => {
    const id = await p.sale('wr_3', 10_000);
    const read = (await refundStateByExternalId({ ctx: { db: api.db, workspaceId: p.ws.id }, externalId: 'wr_3' })).state!;
    expect([read.conv.id, read.ledger.map((c) => c.conversionId)]).toEqual([id, [id]]);
    const [stale] = read.ledger;
    const rows = (version: string | null) => ({
      conversion: { ...read.conv, status: 'refunded' as const, refundedAmount: 10_000 },
      version,
      ledger: { created: [], updates: [{ row: { ...stale, status: 'reversed' as const }, set: { status: 'reversed' as const } }] },
      events: [{ id: newId(), workspaceId: p.ws.id, type: 'conversion.updated', payload: {}, createdAt: new Date(), dispatchedAt: null }],
      deltas: [{ id: newId(), workspaceId: p.ws.id, day: '2026-01-01', campaignId: read.conv.campaignId, affiliateId: read.conv.affiliateId, currency: 'USD', clicks: 0, leads: 0, sales: -1, revenue: -10_000, commissions: -3_000 }],
    });
    // meanwhile another write reached the sale: same values, a new row version
    await api.db.update(conversions).set({ status: read.conv.status }).where(eq(conversions.id, id));
    const appended = async () => [
      (await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, p.ws.id))).length,
      (await api.db.select().from(rollupDeltas).where(eq(rollupDeltas.workspaceId, p.ws.id))).length,
    ];
    const [events, deltas] = await appended();
    expect(await writeRefund(api.db, rows(read.version))).toBe(false);
    expect(await p.conversion(id)).toMatchObject({ status: 'pending', refundedAmount: 0 });
    expect((await p.ledger(id))[0].status).toBe('pending');
    expect(await appended()).toEqual([events, deltas]);
    const now = (await refundStateByExternalId({ ctx: { db: api.db, workspaceId: p.ws.id }, externalId: 'wr_3' })).state!;
    expect(now.version).not.toBe(read.version);
    expect(await writeRefund(api.db, rows(now.version))).toBe(true);
    expect(await p.conversion(id)).toMatchObject({ status: 'refunded', refundedAmount: 10_000 });
    expect((await p.ledger(id))[0].status).toBe('reversed');
    expect(await appended()).toEqual([events + 1, deltas + 1]);
  });

  it('refunds written together: each on its own version, a stale one and a second of one sale write nothing, the rest is written', async () => {
    const ids = [await p.sale('wr_5', 10_000), await p.sale('wr_6', 10_000), await p.sale('wr_7', 10_000)];
    const states = await Promise.all(['wr_5', 'wr_6', 'wr_7'].map(async (e) => (await refundStateByExternalId({ ctx: { db: api.db, workspaceId: p.ws.id }, externalId: e })).state!));
    const refund = ({ conv, ledger, version }: (typeof states)[number], refundedAmount: number): RefundRows => {
      const amount = (3_000 * (10_000 - refundedAmount)) / 10_000;
      return {
        conversion: { ...conv, refundedAmount },
        version,
        ledger: { created: [], updates: [{ row: { ...ledger[0], amount }, set: { amount } }] },
        events: [{ id: newId(), workspaceId: p.ws.id, type: 'conversion.updated', payload: { refundedAmount }, createdAt: new Date(), dispatchedAt: null }],
        deltas: [],
      };
    };
    // wr_7 changed since it was read
    await api.db.update(conversions).set({ status: 'pending' }).where(eq(conversions.id, ids[2]));
    const batch = [refund(states[1], 4_000), refund(states[0], 2_000), refund(states[0], 6_000), refund(states[2], 5_000)];
    expect(await writeRefunds(api.db, batch)).toEqual([true, true, false, false]);
    expect(await Promise.all(ids.map(async (id) => (await p.conversion(id)).refundedAmount))).toEqual([2_000, 4_000, 0]);
    expect(await Promise.all(ids.map(async (id) => (await p.ledger(id))[0].amount))).toEqual([2_400, 1_800, 3_000]);
    const events = await api.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'conversion.updated'));
    expect(events.map((e) => (e.payload as { refundedAmount?: number }).refundedAmount).filter(Boolean).sort()).toEqual([2_000, 4_000]);
  });

  it('refunds arriving together share statements, each answered for itself', async () => {
    const externalIds = Array.from({ length: 12 }, (_, i) => `wr_many_${i}`);
    for (const e of externalIds) await p.sale(e, 10_000);
    const states = await Promise.all(externalIds.map(async (e) => (await refundStateByExternalId({ ctx: { db: api.db, workspaceId: p.ws.id }, externalId: e })).state!));
    const before = refundWriter(api.db).stats();
    const results = await Promise.all(states.map(({ conv, version }) => writeRefund(api.db, { conversion: { ...conv, refundedAmount: 1_000 }, version, ledger: { created: [], updates: [] }, events: [], deltas: [] })));
    expect(results).toEqual(externalIds.map(() => true));
    const after = refundWriter(api.db).stats();
    expect(after.items - before.items).toBe(12);
    // sent in one task, the 12 share one statement (server/lib/group-commit.ts)
    expect(after.statements - before.statements).toBe(1);
    for (const { conv } of states) expect((await p.conversion(conv.id)).refundedAmount).toBe(1_000);
  });

  it('reads nothing for an external id of another workspace', async () => {
    await p.sale('wr_4', 10_000);
    const other = await api.workspace(['*']);
    expect((await refundStateByExternalId({ ctx: { db: api.db, workspaceId: other.id }, externalId: 'wr_4' })).state).toBeUndefined();
  });
});
