import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@/server/testing/api';
import { census, seedActivity } from '@/server/testing/activity';
import { openTestDatabase } from '@/server/testing/database';
import type { Database, DbOrTx } from '../client';
import { schemaTables } from '../tables';
import { rowsOf as rows } from '@/server/lib/rows';
import { fixTextFormats } from './catalog';
import { copyData } from './copy-data';

// The copy between two real databases of the suite's driver (PGlite, or PostgreSQL with
// DATABASE_URL); server/cli/migrate-data.test.ts runs the command from PGlite to PostgreSQL.

/** Every table's rows as text, sorted: equal dumps mean equal data, value for value. */
async function dump(database: Database) {
  return database.db.transaction(async (tx) => {
    await fixTextFormats(tx);
    const out: Record<string, string[]> = {};
    for (const t of schemaTables()) {
      out[t.name] = (await rows<{ r: string }>(tx, sql.raw(`select t::text as r from ${t.sqlName} t`))).map((r) => r.r).sort();
    }
    return out;
  });
}

const count = async (db: DbOrTx, table: string) => (await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

const FILLED = [
  'affiliate_keys', 'affiliates', 'campaigns', 'clicks', 'commission_rules', 'commissions', 'conversions', 'daily_rollups',
  'email_outbox', 'idempotency_keys', 'links', 'memberships', 'payouts', 'products', 'rewards', 'risk_assessments', 'users',
  'webhook_endpoints', 'webhook_events', 'workspace_keys', 'workspace_settings', 'workspaces',
];

let api: TestApi;
let demo: Awaited<ReturnType<typeof seedActivity>>;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  demo = await seedActivity(api);
});
afterAll(() => api?.close());

describe('copyData', () => {
  it('copies every row of every table exactly, and the app works on the copy', async () => {
    const target = await openTestDatabase();
    const copy = await startTestApi({}, target);
    try {
      const copied = await copyData(api.database, target, { batchSize: 7 });
      expect(copied.map((c) => c.table)).toEqual(schemaTables().map((t) => t.name));
      const source = await dump(api.database);
      expect(await dump(target)).toEqual(source);
      for (const { table, rows: n } of copied) expect(n).toBe(source[table].length);
      // the seeded life fills every table of today's schema but the delivery log (no job runner
      // here); tables added later are copied whether or not this list names them
      expect(copied.filter((c) => c.rows > 0).map((c) => c.table)).toEqual(expect.arrayContaining(FILLED));

      const { money } = await census(target);
      expect((await census(api.database)).money).toEqual(money);
      expect(Number(money.clawbacks)).toBeLessThan(0);
      expect(Number(money.payouts)).toBeGreaterThan(0);

      const campaigns = await copy.call('GET', '/v1/campaigns', { token: demo.token });
      expect(campaigns.status).toBe(200);
      expect(campaigns.body).toEqual((await api.call('GET', '/v1/campaigns', { token: demo.token })).body);
      expect((await copy.call('GET', '/v1/affiliate/me', { token: demo.affiliateToken })).body.data.id).toBe(demo.affiliateId);
      const sale = await copy.call('POST', '/v1/track/sale', { token: demo.token, body: { external_id: 'after-move', ref: 'grace', amount: 1000 } });
      expect(sale.body).toMatchObject({ ok: true, attributed: true });
    } finally {
      await copy.close();
    }
  });

  it('refuses a target that holds data unless told to replace it', async () => {
    const target = await openTestDatabase();
    try {
      await copyData(api.database, target);
      await target.db.execute(sql`delete from campaigns where name = 'Black Friday 2025'`);
      const before = await count(target.db, 'campaigns');
      await expect(copyData(api.database, target)).rejects.toThrow(/target already holds data \(.*campaigns.*\); pass --replace/);
      expect(await count(target.db, 'campaigns')).toBe(before);
      await copyData(api.database, target, { replace: true });
      expect(await dump(target)).toEqual(await dump(api.database));
    } finally {
      await target.close();
    }
  });

  it('leaves the target as it was when the copy fails part way', async () => {
    const target = await openTestDatabase();
    try {
      // the last table copied that has rows fails, after every other one was written
      const { counts } = await census(api.database);
      const last = schemaTables()
        .filter((t) => counts[t.name] > 0)
        .at(-1)!.sqlName;
      await target.db.execute(sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
      await target.db.execute(sql.raw(`create trigger refuse before insert on ${last} for each row execute function refuse()`));
      await expect(copyData(api.database, target)).rejects.toThrow(/^table \w+: disk full; nothing was committed$/);
      expect(Object.values((await census(target)).counts).every((n) => n === 0)).toBe(true);
    } finally {
      await target.close();
    }
  });
});

describe('tables the schema does not describe', () => {
  const probe = (db: DbOrTx) =>
    db.execute(sql`create table copy_probe (id bigint generated always as identity primary key, n int not null,
      twice int generated always as (n * 2) stored, at timestamptz not null default now())`);

  it('refuses a source with rows in a table it would not copy', async () => {
    const source = await openTestDatabase();
    const target = await openTestDatabase();
    try {
      await probe(source.db);
      await source.db.execute(sql`insert into copy_probe (n) values (1)`);
      await expect(copyData(source, target)).rejects.toThrow(/rows in tables the schema does not list: copy_probe/);
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  });

  it('carries identity sequences on and leaves generated columns to the target', async () => {
    const source = await openTestDatabase();
    const target = await openTestDatabase();
    try {
      await Promise.all([probe(source.db), probe(target.db)]);
      await source.db.execute(sql`insert into copy_probe (n) select g from generate_series(1, 5) g`);
      await source.db.execute(sql`delete from copy_probe where id = 5`);
      const tables = [...schemaTables(), { sqlName: '"copy_probe"', name: 'copy_probe', columns: [], key: ['id'], dependsOn: [] }];
      await copyData(source, target, { tables, batchSize: 2 });
      const read = (db: DbOrTx) => rows<{ r: string }>(db, sql`select (id, n, twice, at)::text as r from copy_probe order by id`);
      expect(await read(target.db)).toEqual(await read(source.db));
      // the next id follows the source's sequence (6), not the highest id left (4)
      const [next] = await rows<{ id: string }>(target.db, sql`insert into copy_probe (n) values (9) returning id::text`);
      expect(next.id).toBe('6');
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  });
});
