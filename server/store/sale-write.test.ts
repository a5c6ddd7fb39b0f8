import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions, rollupDeltas, webhookEvents } from '@/db/schema';
import { newId } from '../lib/ids';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { moneyEvents } from '../domain/commissions/engine/events';
import { contributionDeltas, contributionOf } from '../domain/commissions/engine/rollups';
import { eventRows } from '../domain/events/emit-event';
import { conversionWriter, writeNewConversion, writeNewConversions, type NewConversionRows } from './sale-write';

// A new sale is stored by one statement from rows built in TypeScript (server/lib/json-rows.ts):
// what the caller holds must be exactly what the database holds, all of it or none of it.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'onestmt' });
});
afterAll(() => api.close());

const ctx = () => ({ db: api.db, workspaceId: p.ws.id });
const at = new Date('2026-03-04T05:06:07.089Z');

async function saleRows(externalId: string, customerId = 'cus_1'): Promise<NewConversionRows> {
  const now = new Date();
  const conversion: NewConversionRows['conversion'] = {
    id: newId(), workspaceId: p.ws.id, campaignId: p.campaign.id, affiliateId: p.a.id, type: 'sale', status: 'pending',
    amount: 12_345, refundedAmount: 0, tax: 1_234, fee: 321, currency: 'eur', externalId, customerId, productId: null, interval: 'month',
    isTest: false, connectedAccount: null, emailHash: null, visitorKey: 'v_1', clickId: null, matchMethod: 'fingerprint', matchConfidence: 0.833,
    attribution: { model: 'last_click', touches: [{ n: 1 }], reason: 'rule' }, ts: at, createdAt: now, updatedAt: now,
  };
  const commission: NewConversionRows['commissions'][number] = {
    id: newId(), workspaceId: p.ws.id, affiliateId: p.a.id, conversionId: conversion.id, ruleId: null, amount: 3_704,
    computedAmount: 3_704, currency: 'eur', status: 'pending', kind: 'earning', reversesCommissionId: null, restoreStatus: null,
    rewardType: 'cash', periodIndex: 0, payoutId: null, holdUntil: new Date(at.getTime() + 30 * 86_400_000), bountyId: null, periodKey: null, recruitId: null, createdAt: now, updatedAt: now,
  };
  const created = [commission];
  return {
    conversion,
    commissions: created,
    events: eventRows(p.ws.id, moneyEvents({ row: conversion, type: 'conversion.created' }, { created, updated: [] })),
    deltas: contributionDeltas({ workspaceId: p.ws.id, before: null, after: await contributionOf({ ctx: ctx(), conv: conversion, timeZone: 'UTC', ledger: created }) }),
  };
}

// No endpoint listens in this workspace: its events are written dispatched (events/born-dispatched.ts).
const asStored = (rows: NewConversionRows) => rows.events.map((e) => ({ ...e, dispatchedAt: e.createdAt }));

const stored = async (rows: NewConversionRows) => ({
  conversion: (await api.db.select().from(conversions).where(eq(conversions.id, rows.conversion.id)))[0],
  commissions: await api.db.select().from(commissions).where(eq(commissions.conversionId, rows.conversion.id)),
  events: await api.db.select().from(webhookEvents).where(sql`${webhookEvents.payload}->'data'->>'id' in (${rows.conversion.id}, ${rows.commissions[0]?.id ?? ''})`).orderBy(webhookEvents.id),
  deltas: await api.db.select().from(rollupDeltas).where(sql`${rollupDeltas.id} in ${rows.deltas.map((d) => d.id)}`),
});

describe('a new conversion in one statement', () => {
  it('stores every row exactly as the caller holds it', async () => {
    const rows = await saleRows('one_1');
    expect(rows.events.map((e) => e.type)).toEqual(['conversion.created', 'commission.created']);
    expect(rows.deltas).toHaveLength(1);
    expect(await writeNewConversion(api.db, rows)).toBe(true);
    const got = await stored(rows);
    expect(got.conversion).toEqual(rows.conversion);
    expect(got.commissions).toEqual(rows.commissions);
    expect(got.events).toEqual(asStored(rows));
    expect(got.deltas).toEqual(rows.deltas);
  });

  it('stores a lone UTF-16 surrogate as U+FFFD, as a text parameter would', async () => {
    const rows = await saleRows('one_2', 'cus_\ud800x');
    expect(await writeNewConversion(api.db, rows)).toBe(true);
    expect((await stored(rows)).conversion.customerId).toBe('cus_\ufffdx');
  });

  it('an external id already stored: writes nothing at all and answers false', async () => {
    const first = await saleRows('one_3');
    const again = await saleRows('one_3');
    expect(await writeNewConversion(api.db, first)).toBe(true);
    expect(await writeNewConversion(api.db, again)).toBe(false);
    const got = await stored(again);
    expect([got.conversion, got.commissions, got.events, got.deltas]).toEqual([undefined, [], [], []]);
    expect((await stored(first)).commissions).toHaveLength(1);
  });

  it('a row the database refuses fails the whole statement: no conversion without its commission', async () => {
    const rows = await saleRows('one_4');
    rows.commissions[0].currency = null as never; // NOT NULL
    await expect(writeNewConversion(api.db, rows)).rejects.toThrow();
    const got = await stored(rows);
    expect([got.conversion, got.commissions, got.events, got.deltas]).toEqual([undefined, [], [], []]);
  });

  it('a batch answers each conversion in order; a retry within it or of a stored one writes nothing', async () => {
    const stored1 = await saleRows('batch_0');
    expect(await writeNewConversion(api.db, stored1)).toBe(true);
    const batch = [await saleRows('batch_2'), await saleRows('batch_0'), await saleRows('batch_1'), await saleRows('batch_2')];
    expect(await writeNewConversions(api.db, batch)).toEqual([true, false, true, false]);
    for (const [rows, kept] of batch.map((r, i) => [r, [true, false, true, false][i]] as const)) {
      const got = await stored(rows);
      if (kept) expect([got.conversion, got.commissions, got.events, got.deltas]).toEqual([rows.conversion, rows.commissions, asStored(rows), rows.deltas]);
      else expect([got.conversion, got.commissions, got.events, got.deltas]).toEqual([undefined, [], [], []]);
    }
  });

  it('concurrent sales share statements', async () => {
    const writer = conversionWriter(api.db);
    const before = writer.stats();
    const sales = await Promise.all(Array.from({ length: 24 }, (_, i) => saleRows(`group_${i}`)));
    expect(await Promise.all(sales.map((rows) => writer(rows)))).toEqual(sales.map(() => true));
    const after = writer.stats();
    expect(after.items - before.items).toBe(sales.length);
    // sent in one task, the 24 share one statement (server/lib/group-commit.ts)
    expect(after.statements - before.statements).toBe(1);
    expect(await Promise.all(sales.map(stored))).toEqual(sales.map((rows) => ({ conversion: rows.conversion, commissions: rows.commissions, events: asStored(rows), deltas: rows.deltas })));
  });

  it('a sale the database refuses fails alone: the sales batched with it are stored', async () => {
    const sales = await Promise.all(Array.from({ length: 8 }, (_, i) => saleRows(`refused_${i}`)));
    sales[5].commissions[0].currency = null as never; // NOT NULL
    const out = await Promise.allSettled(sales.map((rows) => writeNewConversion(api.db, rows)));
    expect(out.map((o) => o.status)).toEqual(sales.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    const kept = await api.db.select({ externalId: conversions.externalId }).from(conversions).where(sql`${conversions.externalId} like 'refused\_%'`);
    expect(kept.map((k) => k.externalId).sort()).toEqual(sales.filter((_, i) => i !== 5).map((s) => s.conversion.externalId).sort());
  });
});
