import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { rowsOf } from '../../lib/rows';
import { createScratchDatabase } from '../../testing/database';
import { describeWith } from '../../testing/requirements';
import { listAffiliates } from '../affiliates/list';
import { listCommissions } from '../commissions/list';
import { conversionIdByExternalId } from '../conversions/find';
import { planNewConversion } from '../conversions/new-conversion';
import { refundStateByExternalId } from '../../store/refund-read';
import { writeRefunds } from '../../store/refund-write';
import { storeSale } from '../../store/sale';
import { conversionFirstRead } from '../../store/sale-read';
import { paymentHistory } from '../commissions/engine/history';
import { withCommissionIds, type Payout } from '../payouts/payouts';
import { readSettings } from '../settings/settings';

// A page of a list costs the same with 3,000 rows or 30,000: PostgreSQL reads the page in index
// order instead of sorting every row of the workspace (the commissions list also skips test
// conversions through their primary key, not by hashing all of them). Counted with the server's
// own table statistics: rows read sequentially and rows fetched through an index.
const WS = '00000000-0000-4000-8000-00000000000a';
await describeWith('postgres', 'list reads as the program grows', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'lists');
    // one connection: the statistics flushed below are this backend's
    database = await openDatabase({ url: scratch.url, max: 1 });
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  // the group the affiliates are in: this test makes no workspace row, so no default group either
  const GROUP = '00000000-0000-7000-8000-0000000000a1';
  async function seed(n: number) {
    await database.db.execute(sql`truncate affiliates, conversions, commissions`);
    await database.db.execute(sql`
      insert into affiliates (id, workspace_id, group_id, ref_code, email, status, created_at)
      select gen_random_uuid(), ${WS}, ${GROUP}, 'r' || g, 'a' || g || '@example.com', 'active', now() - g * interval '1 second'
      from generate_series(1, ${n}) g`);
    await database.db.execute(sql`
      insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id, is_test, ts, created_at)
      select gen_random_uuid(), ${WS}, gen_random_uuid(), gen_random_uuid(), 'sale', 'pending', 1000, 'e' || g, g % 50 = 0,
             now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, ${n}) g`);
    await database.db.execute(sql`
      insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency, status, created_at)
      select gen_random_uuid(), workspace_id, affiliate_id, id, 300, 300, 'usd', 'pending', created_at from conversions`);
    await database.db.execute(sql`analyze affiliates, conversions, commissions`);
  }

  /** Rows of `table` (all its partitions) read by `read`: sequentially and through indexes. */
  async function rowsRead(table: string, read: () => Promise<unknown>) {
    const stats = async () => {
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      await database.db.execute(sql`select pg_stat_clear_snapshot()`);
      const [s] = await rowsOf<{ seq: string; idx: string }>(database.db, sql`
        select coalesce(sum(seq_tup_read), 0)::text as seq, coalesce(sum(idx_tup_fetch), 0)::text as idx from pg_stat_user_tables
        where relid = ${table}::regclass or relid in (select relid from pg_partition_tree(${table}::regclass))`);
      return { seq: Number(s.seq), idx: Number(s.idx) };
    };
    const before = await stats();
    await read();
    const after = await stats();
    return { seq: after.seq - before.seq, idx: after.idx - before.idx };
  }

  /** `read` with every statement in the plan PostgreSQL settles on after five calls (the generic one). */
  async function withGenericPlans(read: () => Promise<void>) {
    await database.db.execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await read();
    } finally {
      await database.db.execute(sql`reset plan_cache_mode`);
    }
  }

  const ctx = () => ({ db: database.db, workspaceId: WS });
  const page = { limit: 50, offset: 0 };

  it.each([3_000, 30_000])('a page of 50 commissions or affiliates reads about 50 rows of %i', async (n) => {
    await seed(n);
    const listed = await listCommissions({ ctx: ctx(), filter: {}, page });
    expect(listed).toHaveLength(50);
    expect(listed.every((c) => c.workspaceId === WS)).toBe(true);
    const commissions = await rowsRead('commissions', () => listCommissions({ ctx: ctx(), filter: {}, page }));
    expect(commissions.seq).toBe(0);
    expect(commissions.idx).toBeLessThanOrEqual(60); // 50 plus the test ones skipped on the way
    const conversions = await rowsRead('conversions', () => listCommissions({ ctx: ctx(), filter: {}, page }));
    expect(conversions.seq).toBe(0);
    expect(conversions.idx).toBeLessThanOrEqual(60);
    const affiliates = await rowsRead('affiliates', () => listAffiliates({ ctx: ctx(), filter: {}, page }));
    expect(affiliates).toEqual({ seq: 0, idx: 50 });
  });

  it('the commissions of one affiliate read only its rows, also in the plan a prepared statement settles on', async () => {
    await seed(30_000);
    // a program's usual shape: a few affiliates with many commissions each (here 20 with 1,500)
    await database.db.execute(sql`
      with partners as (select array_agg(gen_random_uuid()) as ids from generate_series(1, 20))
      update commissions set affiliate_id = partners.ids[1 + abs(hashtext(commissions.id::text)) % 20] from partners`);
    await database.db.execute(sql`analyze commissions`);
    const [aff] = await rowsOf<{ id: string }>(database.db, sql`select id from affiliates order by created_at limit 1`);
    await database.db.execute(sql`
      insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency, status, created_at)
      select gen_random_uuid(), ${WS}, ${aff.id}, id, 300, 300, 'usd', 'pending', created_at from conversions where not is_test order by created_at limit 3`);
    // a statement run often enough is planned once for any affiliate: the plan that walked the
    // whole workspace's commissions looking for this one's three
    await withGenericPlans(async () => {
      const filter = { affiliateId: aff.id };
      expect(await listCommissions({ ctx: ctx(), filter, page })).toHaveLength(3);
      const read = await rowsRead('commissions', () => listCommissions({ ctx: ctx(), filter, page }));
      expect(read.seq).toBe(0);
      expect(read.idx).toBeLessThanOrEqual(3);
    });
  });

  it("a sale's and a refund's reads (by external id, affiliate by code) read one row of 30,000, also in the generic plan", async () => {
    await seed(30_000);
    await withGenericPlans(async () => {
      // planned once per connection first: planning the customer's earlier payments (ts < $ts)
      // looks up the ends of the ts index, two rows read once, not on every sale
      await conversionFirstRead({ ctx: ctx(), externalId: 'e1', underKey: null, at: new Date() });
      for (let i = 0; i < 3; i++) {
        const conversions = await rowsRead('conversions', async () => expect(await conversionIdByExternalId({ ctx: ctx(), externalId: `e${100 + i}` })).toBeDefined());
        expect(conversions).toEqual({ seq: 0, idx: 1 });
        // the sale's first read: the same lookup, beside the key check, the settings and the affiliate by code
        const firstRead = () => conversionFirstRead({ ctx: ctx(), externalId: `e${300 + i}`, underKey: null, at: new Date(), ref: `R${400 + i}` });
        const first = await rowsRead('conversions', async () => expect((await firstRead()).knownId).toBeDefined());
        expect(first).toEqual({ seq: 0, idx: 1 });
        const byRef = await rowsRead('affiliates', async () => expect((await firstRead()).known.ref).not.toBeNull());
        expect(byRef).toEqual({ seq: 0, idx: 1 });
        const sale = await rowsRead('conversions', async () => expect((await refundStateByExternalId({ ctx: ctx(), externalId: `e${200 + i}` })).state?.ledger).toHaveLength(1));
        expect(sale.seq).toBe(0);
        expect(sale.idx).toBeLessThanOrEqual(3);
      }
    });
  });

  it("refunds written together read their sales and commissions by primary key, on a small table too, also in the generic plan", async () => {
    // 3,000 rows: the size at which the join alone was planned as a scan of every conversion
    await seed(3_000);
    await withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const states = await Promise.all([`e${10 + i}`, `e${20 + i}`].map(async (externalId) => (await refundStateByExternalId({ ctx: ctx(), externalId })).state!));
        const rows = states.map(({ conv, ledger, version }) => ({
          conversion: { ...conv, refundedAmount: 500 }, version, events: [], deltas: [],
          ledger: { created: [], updates: [{ row: { ...ledger[0], amount: 150 }, set: { amount: 150 } }] },
        }));
        const conversions = await rowsRead('conversions', async () => expect(await writeRefunds(database.db, rows)).toEqual([true, true]));
        expect(conversions.seq).toBe(0);
        const commissions = await rowsRead('commissions', async () => expect(await writeRefunds(database.db, rows.map((r) => ({ ...r, version: null })))).toEqual([true, true]));
        expect(commissions.seq).toBe(0);
      }
    });
  });

  it("a customer's payments and a payout's commissions are read through indexes that hold only rows with one, also in the generic plan", async () => {
    await seed(30_000);
    // every tenth conversion has one of 256 customers (about twelve payments each), every hundredth commission a payout
    await database.db.execute(sql`update conversions set customer_id = 'c' || (hashtext(external_id) & 255) where right(external_id, 1) = '0'`);
    await database.db.execute(sql`analyze conversions`);
    const payout = { id: randomUUID() } as Payout;
    await database.db.execute(sql`update commissions set payout_id = ${payout.id} where id in (select id from commissions order by created_at limit 300)`);
    await database.db.execute(sql`analyze commissions`);
    const [entries] = await rowsOf<{ customers: number; payouts: number }>(database.db, sql`
      select (select count(*)::int from conversions where customer_id is not null) as customers,
             (select count(*)::int from commissions where payout_id is not null) as payouts`);
    expect(entries).toEqual({ customers: 3_000, payouts: 300 });
    const [{ customer }] = await rowsOf<{ customer: string }>(database.db, sql`select customer_id as customer from conversions where customer_id is not null and not is_test limit 1`);
    await withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const history = await rowsRead('conversions', async () => expect((await paymentHistory({ ctx: ctx(), sale: { customerId: customer, ts: new Date() } })).periodIndex).toBeGreaterThan(0));
        expect(history.seq).toBe(0);
        expect(history.idx).toBeLessThanOrEqual(40);
        const settled = await rowsRead('commissions', async () => {
          const [row] = await withCommissionIds({ ctx: ctx(), rows: [payout] });
          expect(row.commissionIds).toHaveLength(300);
        });
        expect(settled).toEqual({ seq: 0, idx: 300 });
      }
    });
  });

  it("a sale by cookie's first read reads the visitor's clicks alone of 30,000, and none without a visitor, also in the generic plan", async () => {
    await seed(30_000);
    await database.db.execute(sql`truncate clicks`);
    const [campaign] = await rowsOf<{ id: string }>(database.db, sql`insert into campaigns (id, workspace_id, name) values (gen_random_uuid(), ${WS}, 'c') returning id`);
    // 10,000 visitors with three clicks each over the last ten days, by 100 affiliates
    await database.db.execute(sql`
      insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence, created_at)
      select gen_random_uuid(), ${WS}, ${campaign.id}, a.id, 'v' || (g % 10000), 'new', 1, now() - (g % 10) * interval '1 day'
      from generate_series(1, 30000) g join (select id, row_number() over (order by ref_code) as n from affiliates limit 100) a on a.n = 1 + g % 100`);
    await database.db.execute(sql`analyze clicks`);
    const firstRead = (visitorId?: string) => conversionFirstRead({ ctx: ctx(), externalId: 'e1', underKey: null, at: new Date(), visitorId });
    await withGenericPlans(async () => {
      await firstRead('v1'); // planned once per connection first, as above
      for (let i = 0; i < 3; i++) {
        const visited = await rowsRead('clicks', async () => expect((await firstRead(`v${7 + i}`)).known.visitorTouches).toHaveLength(3));
        expect(visited).toEqual({ seq: 0, idx: 3 });
        // their affiliates (still active?) by primary key, not a scan of the program's 30,000
        const theirs = await rowsRead('affiliates', () => firstRead(`v${17 + i}`));
        expect(theirs).toEqual({ seq: 0, idx: 3 });
        const none = await rowsRead('clicks', async () => expect((await firstRead()).known.visitorTouches).toEqual([]));
        expect(none).toEqual({ seq: 0, idx: 0 });
      }
    });
  });

  // A sale written on its prediction (server/store/predictions.ts) checks the key, the affiliate and
  // the settings in its write, one probe each: written as EXISTS, on a database without statistics
  // they were planned as hashes of whole tables (every affiliate of every workspace for each sale).
  it('a sale written on its prediction checks it by one row of each table, by the fast path, also in the generic plan', async () => {
    await seed(3_000);
    await database.db.execute(sql`truncate workspace_keys, workspace_settings`);
    await database.db.execute(sql`
      insert into workspace_keys (id, workspace_id, start, hash, scopes)
      select gen_random_uuid(), case when g = 1 then ${WS}::uuid else gen_random_uuid() end, 'sa_live_', 'hash' || g, '{track}' from generate_series(1, 3000) g`);
    await database.db.execute(sql`
      insert into workspace_settings (workspace_id) select case when g = 1 then ${WS}::uuid else gen_random_uuid() end from generate_series(1, 3000) g`);
    const campaignId = randomUUID();
    const [aff] = await rowsOf<{ id: string }>(database.db, sql`update affiliates set campaign_id = ${campaignId} where ref_code = 'r7' returning id`);
    await database.db.execute(sql`analyze affiliates, workspace_keys, workspace_settings`);
    const settings = await readSettings(ctx());
    const found = { affiliateId: aff.id, campaignId, method: 'ref' as const, confidence: 1, clickId: null, visitorKey: null, model: null, touches: [], code: null };
    // planned on its own handle, as the server plans before it writes (the rules' read is a statement
    // of its own): the locks counted are the write's
    const sale = async (db: Database['db'], externalId: string) => {
      const c = { db, workspaceId: WS };
      const rows = await planNewConversion({
        ctx: { db: database.db, workspaceId: WS }, input: { type: 'sale', externalId, ref: 'r7', amount: 1_000 }, found, campaignId, at: new Date(), settings,
        history: { periodIndex: 0, firstPaymentAt: new Date() },
      });
      return (await storeSale(c, { ...rows, prediction: { keyHash: 'hash1', settings, codes: { manualCode: null, ref: 'r7', codeId: null } } })) ? rows.conversion.id : null;
    };
    await withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        for (const table of ['affiliates', 'workspace_keys', 'workspace_settings']) {
          const read = await rowsRead(table, async () => expect(await sale(database.db, `predicted_${table}_${i}`)).not.toBeNull());
          expect({ table, ...read }).toEqual({ table, seq: 0, idx: 1 });
        }
        const locks = await database.db.transaction(async (tx) => {
          expect(await sale(tx, `predicted_locks_${i}`)).not.toBeNull();
          return rowsOf<{ fastpath: boolean; n: number }>(tx, sql`
            select fastpath, count(*)::int as n from pg_locks where pid = pg_backend_pid() and locktype = 'relation' group by fastpath`);
        });
        expect(locks.find((l) => !l.fastpath)?.n ?? 0).toBe(0);
      }
    });
    // a sale predicted by an affiliate code: its batch's statement (sale-write.ts, `codeStands`) also
    // probes the code, one row by its unique index
    const [code] = await rowsOf<{ id: string }>(database.db, sql`
      insert into affiliate_codes (id, workspace_id, affiliate_id, code, code_key, source) values (${randomUUID()}, ${WS}, ${aff.id}, 'R7CODE', 'r7code', 'manager') returning id`);
    const byCode = async (db: Database['db'], externalId: string) => {
      const c = { db, workspaceId: WS };
      const rows = await planNewConversion({
        ctx: { db: database.db, workspaceId: WS }, input: { type: 'sale', externalId, manualCode: 'r7code', amount: 1_000 }, found: { ...found, method: 'code', code: { id: code.id, code: 'R7CODE' } },
        campaignId, at: new Date(), settings, history: { periodIndex: 0, firstPaymentAt: new Date() },
      });
      return (await storeSale(c, { ...rows, prediction: { keyHash: 'hash1', settings, codes: { manualCode: 'r7code', ref: null, codeId: code.id } } })) ? rows.conversion.id : null;
    };
    await withGenericPlans(async () => {
      for (let i = 0; i < 3; i++) {
        const read = await rowsRead('affiliate_codes', async () => expect(await byCode(database.db, `predicted_code_${i}`)).not.toBeNull());
        expect(read).toEqual({ seq: 0, idx: 1 });
        const locks = await database.db.transaction(async (tx) => {
          expect(await byCode(tx, `predicted_code_locks_${i}`)).not.toBeNull();
          return rowsOf<{ fastpath: boolean; n: number }>(tx, sql`
            select fastpath, count(*)::int as n from pg_locks where pid = pg_backend_pid() and locktype = 'relation' group by fastpath`);
        });
        // affiliate_codes and its unique index: the two locks past the fast path, for these sales only
        expect(locks.find((l) => !l.fastpath)?.n ?? 0).toBeLessThanOrEqual(2);
      }
    });
  });

  // A generic plan locks every table, partition and index it holds on each run; past 16 locks leave
  // the fast path, and a first read holding 22 cost twice the PostgreSQL CPU per sale. A sale by
  // cookie's shape (clicks and its 20 partitions) is left out, as its own statement was.
  it("the sale's first read without a visitor takes its locks by the fast path, in the generic plan", async () => {
    await seed(3_000);
    await withGenericPlans(async () => {
      for (const customerId of [undefined, 'c1']) {
        const firstRead = (db = database.db) => conversionFirstRead({ ctx: { db, workspaceId: WS }, externalId: 'e1', underKey: null, at: new Date(), ref: 'r1', manualCode: 'r2', customerId });
        await firstRead();
        const locks = await database.db.transaction(async (tx) => {
          await firstRead(tx);
          return rowsOf<{ fastpath: boolean; n: number }>(tx, sql`
            select fastpath, count(*)::int as n from pg_locks where pid = pg_backend_pid() and locktype = 'relation' group by fastpath`);
        });
        expect({ customerId, slow: locks.find((l) => !l.fastpath)?.n ?? 0 }).toEqual({ customerId, slow: 0 });
      }
    });
  });
});
