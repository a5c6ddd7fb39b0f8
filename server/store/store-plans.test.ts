import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { DbOrTx } from '@/db/client';
import { conversionIdByExternalId } from '../domain/conversions/find';
import { planNewConversion } from '../domain/conversions/new-conversion';
import { readSettings } from '../domain/settings/settings';
import { rowsOf } from '../lib/rows';
import { planGuards, WS } from '../testing/plan-guards';
import { describeWith } from '../testing/requirements';
import { writeClicks } from './click-write';
import { refundStateByExternalId } from './refund-read';
import { writeRefunds } from './refund-write';
import { storeSale } from './sale';
import { conversionFirstRead } from './sale-read';

// The tracking statements read what a sale or a refund names, a few rows, however large the
// program and however small: a batch's statement is planned once per connection for any batch
// (the generic plan), so a plan that hashes a whole table would read every row of it for each
// batch. Counted with the server's own table statistics: rows read sequentially and through an index.
await describeWith('postgres', 'the tracking statements as the program grows', (server) => {
  const g = planGuards(server, 'store_plans');

  // 3,000: a table small enough that a batch PostgreSQL guessed at 100 rows (json-rows.ts, batchRows) was joined by hashing all of it
  it.each([3_000, 30_000])("a sale's and a refund's reads (by external id, affiliate by code) read one row of %i, also in the generic plan", async (n) => {
    await g.seed(n);
    await g.withGenericPlans(async () => {
      // planned once per connection first: planning the customer's earlier payments (ts < $ts)
      // looks up the ends of the ts index, two rows read once, not on every sale
      await conversionFirstRead({ ctx: g.ctx(), externalId: 'e1', underKey: null, at: new Date() });
      for (let i = 0; i < 3; i++) {
        const conversions = await g.rowsRead('conversions', async () => expect(await conversionIdByExternalId({ ctx: g.ctx(), externalId: `e${100 + i}` })).toBeDefined());
        expect(conversions).toEqual({ seq: 0, idx: 1 });
        // the sale's first read: the same lookup, beside the key check, the settings and the affiliate by code
        const firstRead = () => conversionFirstRead({ ctx: g.ctx(), externalId: `e${300 + i}`, underKey: null, at: new Date(), ref: `R${400 + i}` });
        const first = await g.rowsRead('conversions', async () => expect((await firstRead()).knownId).toBeDefined());
        expect(first).toEqual({ seq: 0, idx: 1 });
        const byRef = await g.rowsRead('affiliates', async () => expect((await firstRead()).known.ref).not.toBeNull());
        expect(byRef).toEqual({ seq: 0, idx: 1 });
        const sale = await g.rowsRead('conversions', async () => expect((await refundStateByExternalId({ ctx: g.ctx(), externalId: `e${200 + i}` })).state?.ledger).toHaveLength(1));
        expect(sale.seq).toBe(0);
        expect(sale.idx).toBeLessThanOrEqual(3);
      }
    });
  });

  it.each([3_000, 30_000])('clicks written together find their affiliates by code, one row each of %i, in the generic plan', async (n) => {
    await g.seed(n);
    const click = (ref: string) => ({
      ws: WS, ref, vid: `v_${ref}`, fp: null, ip: null, ua: null, url: null, referrer: null, source: 'api' as const,
      click_id: randomUUID(), mint: randomUUID(), roll_id: randomUUID(), key: null,
    });
    await g.withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        // the seed gives the workspace no campaign, so nothing is written: the lookup is what is counted
        const read = await g.rowsRead('affiliates', () => writeClicks(g.db(), [click(`r${10 + i}`), click(`r${20 + i}`)]));
        expect(read).toEqual({ seq: 0, idx: 2 });
      }
    });
  });

  it("refunds written together read their sales and commissions by primary key, on a small table too, also in the generic plan", async () => {
    // 3,000 rows: the size at which the join alone was planned as a scan of every conversion
    await g.seed(3_000);
    await g.withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const states = await Promise.all([`e${10 + i}`, `e${20 + i}`].map(async (externalId) => (await refundStateByExternalId({ ctx: g.ctx(), externalId })).state!));
        const rows = states.map(({ conv, ledger, version }) => ({
          conversion: { ...conv, refundedAmount: 500 }, version, events: [], deltas: [],
          ledger: { created: [], updates: [{ row: { ...ledger[0], amount: 150 }, set: { amount: 150 } }] },
        }));
        const conversions = await g.rowsRead('conversions', async () => expect(await writeRefunds(g.db(), rows)).toEqual([true, true]));
        expect(conversions.seq).toBe(0);
        const commissions = await g.rowsRead('commissions', async () => expect(await writeRefunds(g.db(), rows.map((r) => ({ ...r, version: null })))).toEqual([true, true]));
        expect(commissions.seq).toBe(0);
      }
    });
  });

  // 300 affiliates: a program small enough that joining them was planned as a scan of all of them for each statement
  it.each([300, 30_000])("a sale by cookie's first read reads the visitor's clicks alone of 30,000 and their affiliates alone of %i, none without a visitor, also in the generic plan", async (n) => {
    await g.seed(n);
    await g.db().execute(sql`truncate clicks`);
    const [campaign] = await rowsOf<{ id: string }>(g.db(), sql`insert into campaigns (id, workspace_id, name) values (gen_random_uuid(), ${WS}, 'c') returning id`);
    // 10,000 visitors with three clicks each over the last ten days, by 100 affiliates
    await g.db().execute(sql`
      insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence, created_at)
      select gen_random_uuid(), ${WS}, ${campaign.id}, a.id, 'v' || (g % 10000), 'new', 1, now() - (g % 10) * interval '1 day'
      from generate_series(1, 30000) g join (select id, row_number() over (order by ref_code) as n from affiliates limit 100) a on a.n = 1 + g % 100`);
    await g.db().execute(sql`analyze clicks`);
    const firstRead = (visitorId?: string) => conversionFirstRead({ ctx: g.ctx(), externalId: 'e1', underKey: null, at: new Date(), visitorId });
    await g.withGenericPlans(async () => {
      await firstRead('v1'); // planned once per connection first, as above
      for (let i = 0; i < 3; i++) {
        const visited = await g.rowsRead('clicks', async () => expect((await firstRead(`v${7 + i}`)).known.visitorTouches).toHaveLength(3));
        expect(visited).toEqual({ seq: 0, idx: 3 });
        // their affiliates (still active?) by primary key, not a scan of all the program's affiliates
        const theirs = await g.rowsRead('affiliates', () => firstRead(`v${17 + i}`));
        expect(theirs).toEqual({ seq: 0, idx: 3 });
        const none = await g.rowsRead('clicks', async () => expect((await firstRead()).known.visitorTouches).toEqual([]));
        expect(none).toEqual({ seq: 0, idx: 0 });
      }
    });
  });

  // A sale written on its prediction (server/store/predictions.ts) checks the key, the affiliate and
  // the settings in its write, one probe each: written as EXISTS, on a database without statistics
  // they were planned as hashes of whole tables (every affiliate of every workspace for each sale).
  it('a sale written on its prediction checks it by one row of each table, by the fast path, also in the generic plan', async () => {
    await g.seed(3_000);
    await g.db().execute(sql`truncate workspace_keys, workspace_settings`);
    await g.db().execute(sql`
      insert into workspace_keys (id, workspace_id, start, hash, scopes)
      select gen_random_uuid(), case when g = 1 then ${WS}::uuid else gen_random_uuid() end, 'sa_live_', 'hash' || g, '{track}' from generate_series(1, 3000) g`);
    await g.db().execute(sql`
      insert into workspace_settings (workspace_id) select case when g = 1 then ${WS}::uuid else gen_random_uuid() end from generate_series(1, 3000) g`);
    const campaignId = randomUUID();
    const [aff] = await rowsOf<{ id: string }>(g.db(), sql`update affiliates set campaign_id = ${campaignId} where ref_code = 'r7' returning id`);
    await g.db().execute(sql`analyze affiliates, workspace_keys, workspace_settings`);
    const settings = await readSettings(g.ctx());
    const [{ version }] = await rowsOf<{ version: string }>(g.db(), sql`select xmin::text as version from workspace_settings where workspace_id = ${WS}`);
    const found = { affiliateId: aff.id, campaignId, method: 'ref' as const, confidence: 1, clickId: null, visitorKey: null, model: null, touches: [], code: null };
    // planned on its own handle, as the server plans before it writes (the rules' read is a statement
    // of its own): the locks counted are the write's
    const sale = async (db: DbOrTx, externalId: string) => {
      const c = { db, workspaceId: WS };
      const rows = await planNewConversion({
        ctx: { db: g.db(), workspaceId: WS }, input: { type: 'sale', externalId, ref: 'r7', amount: 1_000 }, found, campaignId, at: new Date(), settings,
        history: { periodIndex: 0, firstPaymentAt: new Date() },
      });
      return (await storeSale(c, { ...rows, prediction: { keyHash: 'hash1', settings: { row: settings, version }, codes: { manualCode: null, ref: 'r7', codeId: null } } })) ? rows.conversion.id : null;
    };
    await g.withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        for (const table of ['affiliates', 'workspace_keys', 'workspace_settings']) {
          const read = await g.rowsRead(table, async () => expect(await sale(g.db(), `predicted_${table}_${i}`)).not.toBeNull());
          expect({ table, ...read }).toEqual({ table, seq: 0, idx: 1 });
        }
        const slow = await g.slowLocks(async (tx) => expect(await sale(tx, `predicted_locks_${i}`)).not.toBeNull());
        expect(slow).toBe(0);
      }
    });
    // a sale predicted by an affiliate code: its batch's statement (sale-write.ts, `codeStands`) also
    // probes the code, one row by its unique index
    const [code] = await rowsOf<{ id: string }>(g.db(), sql`
      insert into affiliate_codes (id, workspace_id, affiliate_id, code, code_key, source) values (${randomUUID()}, ${WS}, ${aff.id}, 'R7CODE', 'r7code', 'manager') returning id`);
    const byCode = async (db: DbOrTx, externalId: string) => {
      const c = { db, workspaceId: WS };
      const rows = await planNewConversion({
        ctx: { db: g.db(), workspaceId: WS }, input: { type: 'sale', externalId, manualCode: 'r7code', amount: 1_000 }, found: { ...found, method: 'code', code: { id: code.id, code: 'R7CODE' } },
        campaignId, at: new Date(), settings, history: { periodIndex: 0, firstPaymentAt: new Date() },
      });
      return (await storeSale(c, { ...rows, prediction: { keyHash: 'hash1', settings: { row: settings, version }, codes: { manualCode: 'r7code', ref: null, codeId: code.id } } })) ? rows.conversion.id : null;
    };
    await g.withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const read = await g.rowsRead('affiliate_codes', async () => expect(await byCode(g.db(), `predicted_code_${i}`)).not.toBeNull());
        expect(read).toEqual({ seq: 0, idx: 1 });
        const slow = await g.slowLocks(async (tx) => expect(await byCode(tx, `predicted_code_locks_${i}`)).not.toBeNull());
        // affiliate_codes and its unique index: the two locks past the fast path, for these sales only
        expect(slow).toBeLessThanOrEqual(2);
      }
    });
  });

  // A generic plan locks every table, partition and index it holds on each run; past 16 locks leave
  // the fast path, and a first read holding 22 cost twice the PostgreSQL CPU per sale. A sale by
  // cookie's shape (clicks and its 20 partitions) is left out, as its own statement was.
  it("the sale's first read without a visitor takes its locks by the fast path, in the generic plan", async () => {
    await g.seed(3_000);
    await g.withGenericPlans(async () => {
      for (const customerId of [undefined, 'c1']) {
        const firstRead = (db = g.db()) => conversionFirstRead({ ctx: { db, workspaceId: WS }, externalId: 'e1', underKey: null, at: new Date(), ref: 'r1', manualCode: 'r2', customerId });
        await firstRead();
        const slow = await g.slowLocks((tx) => firstRead(tx));
        expect({ customerId, slow }).toEqual({ customerId, slow: 0 });
      }
    });
  });
});
