import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { nameStatements } from './pglite-statements';

// db/pglite-statements.ts runs each query text as a named statement through PGlite's protocol API.
// Its answers, errors and transactions must be those of PGlite's own query(), on the embedded
// database whichever database the suite runs on.
let named: PGlite; // wrapped
let plain: PGlite; // PGlite as shipped: the yardstick
let trips = 0; // protocol calls into the database, counted on PGlite's public method
beforeAll(async () => {
  [named, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  const execProtocolStream = named.execProtocolStream.bind(named);
  named.execProtocolStream = (...args) => (trips++, execProtocolStream(...args));
  nameStatements(named);
  const schema = `create table t (id uuid primary key, n int not null, doc jsonb, at timestamptz, tags text[], ok boolean, amount bigint, price numeric(12,2), note text, unique (n))`;
  await Promise.all([named.exec(schema), plain.exec(schema)]);
});
afterAll(() => Promise.all([named.close(), plain.close()]));

// how drizzle-orm/pglite queries (rows as arrays, dates left as text) and how its raw execute does
const DRIZZLE_PARSERS = { [types.TIMESTAMPTZ]: (v: string) => v, [types.TIMESTAMP]: (v: string) => v, [1185]: (v: string) => v };
const OPTIONS: (QueryOptions | undefined)[] = [undefined, { rowMode: 'array', parsers: DRIZZLE_PARSERS }, { rowMode: 'object', parsers: DRIZZLE_PARSERS }];
const both = async (text: string, params: unknown[], options?: QueryOptions) => {
  const [a, b] = await Promise.all([named.query(text, params, options), plain.query(text, params, options)]);
  return { named: a, plain: b };
};
const statementsLike = async (marker: string) =>
  (await named.query<{ name: string }>(`select name from pg_prepared_statements where statement like '%' || $1 || '%' and statement not like '%pg_prepared_statements%'`, [marker])).rows;
const errorOf = (p: Promise<unknown>) => p.then(() => expect.unreachable('no error'), (e: unknown) => e as Record<string, unknown>);

describe('named statements on PGlite through its protocol API', () => {
  it('parses a text once, and every later call is one protocol trip to its statement', async () => {
    const text = `select $1::int + 1 as n, 'probe-reuse' as probe`;
    await named.query(text, [1]);
    const before = trips;
    for (let i = 0; i < 5; i++) expect((await named.query<{ n: number }>(text, [i])).rows).toEqual([{ n: i + 1, probe: 'probe-reuse' }]);
    expect(trips - before).toBe(5);
    expect(await statementsLike('probe-reuse')).toEqual([{ name: expect.stringMatching(/^refcount_\d+$/) }]);
  });

  it('writes and reads every type we bind exactly as PGlite’s own query, in each row mode', async () => {
    const rows: unknown[][] = [
      ['0b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c01', 1, { k: 'a', list: [1, 2], nested: { x: null } }, new Date('2026-01-02T03:04:05.678Z'), ['a', 'b,c', 'd"e'], true, 9_007_199_254_740_991n, '12.50', 'ünïcode ✓'],
      ['0b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c02', 2, null, null, null, null, null, null, null],
      ['0b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c03', 3, [1, 'two'], '2030-06-07T08:09:10Z', [], false, 0, 0, ''],
      ['0b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c04', 4, '"text as json"', new Date(0), ['x'], undefined, -5, '-0.01', "it's"],
    ];
    const insert = `insert into t (id, n, doc, at, tags, ok, amount, price, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    for (const row of rows) {
      const { named: a, plain: b } = await both(insert, row);
      expect(a).toEqual(b);
    }
    for (const options of OPTIONS) {
      const { named: a, plain: b } = await both(`select * from t where id = any($1::uuid[]) or doc @> $2 or at > $3 order by n`, [[rows[0][0], rows[1][0]], { k: 'a' }, new Date('2029-01-01')], options);
      expect(a.rows).toHaveLength(3);
      expect(a).toEqual(b);
    }
    const update = await both(`update t set note = $1 where n > $2`, ['later', 2]);
    expect(update.named).toEqual(update.plain);
    expect(update.named.affectedRows).toBe(2);
  });

  it('answers a database error with PGlite’s own error, and the next statement runs', async () => {
    const insert = `insert into t (id, n) values ($1, $2)`;
    for (const db of [named, plain]) await db.query(insert, ['1b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c01', 100]);
    const [a, b] = await Promise.all([named, plain].map((db) => errorOf(db.query(insert, ['1b6f3f0e-8d2a-4a47-9a43-3c0b1b1f6c02', 100]))));
    expect(a).toBeInstanceOf(Error);
    expect(a.code).toBe('23505');
    expect({ ...a, length: 0 }).toEqual({ ...b, length: 0 });
    expect(a.message).toBe(b.message);
    expect(a.query).toBe(insert);
    // a text that never parses, then a bad value for a kept statement
    const [c, d] = await Promise.all([named, plain].map((db) => errorOf(db.query(`selec 1`))));
    expect([c.code, c.message]).toEqual([d.code, d.message]);
    const e = await errorOf(named.query(insert, ['not-a-uuid', 101]));
    expect(e.code).toBe('22P02');
    expect((await named.query<{ n: number }>(`select count(*)::int as n from t where n = $1`, [100])).rows).toEqual([{ n: 1 }]);
  });

  it('runs a text unnamed once its statement went stale (the table under it changed shape)', async () => {
    await named.exec(`create table s (a int); insert into s values (1)`);
    const all = `select * from s`;
    expect((await named.query(all)).rows).toEqual([{ a: 1 }]);
    await named.exec(`alter table s add column b int default 7`);
    expect((await named.query(all)).rows).toEqual([{ a: 1, b: 7 }]);
    expect((await named.query(all)).rows).toEqual([{ a: 1, b: 7 }]);
  });

  it('commits and rolls back transactions, and an error inside one aborts only that one', async () => {
    const insert = `insert into t (id, n) values (gen_random_uuid(), $1)`;
    const count = async () => (await named.query<{ n: number }>(`select count(*)::int as n from t where n between 200 and 299`)).rows[0].n;
    await named.transaction(async (tx) => {
      await tx.query(insert, [200]);
      await tx.query(insert, [201]);
    });
    expect(await count()).toBe(2);
    await expect(named.transaction(async (tx) => {
      await tx.query(insert, [202]);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    const duplicate = await errorOf(named.transaction(async (tx) => {
      await tx.query(insert, [203]);
      await tx.query(insert, [200]);
    }));
    expect(duplicate.code).toBe('23505');
    expect(await count()).toBe(2);
    await named.transaction(async (tx) => {
      await tx.query(insert, [204]);
      await tx.rollback();
      await expect(tx.query(insert, [205])).rejects.toThrow('Transaction is closed');
    });
    expect(await count()).toBe(2);
  });

  it('a statement outside a transaction waits until the transaction open on the database ends', async () => {
    const insert = `insert into t (id, n) values (gen_random_uuid(), $1)`;
    const count = `select count(*)::int as n from t where n = 300`;
    await named.query(count); // named before the transaction begins
    let seen: number | undefined;
    let release!: () => void;
    const open = named.transaction(async (tx) => {
      await tx.query(insert, [300]);
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = named.query<{ n: number }>(count).then((r) => (seen = r.rows[0].n));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined(); // inside the open transaction it would have counted the row
    release();
    await expect(open).rejects.toThrow('roll back');
    await outside;
    expect(seen).toBe(0);
  });

  it('keeps what it wrote in a directory across a reopen (synced to the file system)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'refcount-named-')), 'pglite');
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values (${'one'})`);
    await first.db.transaction(async (tx) => void (await tx.execute(sql`insert into kept values (${'two'})`)));
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(((await again.db.execute(sql`select v from kept order by v`)) as unknown as { rows: unknown[] }).rows).toEqual([{ v: 'one' }, { v: 'two' }]);
    } finally {
      await again.close();
    }
  });
});

describe('Drizzle over the named statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('keeps one statement per text, values typed as on the first call', async () => {
    const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const q = (n: number, at: Date, doc: object) =>
      sql`select ${n}::int + 1 as n, ${at}::timestamptz as at, (${JSON.stringify(doc)}::jsonb)->>'k' as k, 'refcount-drizzle-probe' as probe`;
    expect(await rowsOf(q(1, new Date('2026-01-02T03:04:05Z'), { k: 'a' }))).toMatchObject([{ n: 2, k: 'a' }]);
    const [second] = await rowsOf<{ n: number; at: string; k: string }>(q(41, new Date('2030-06-07T08:09:10Z'), { k: 'b' }));
    expect(second).toMatchObject({ n: 42, k: 'b' });
    expect(new Date(second.at).toISOString()).toBe('2030-06-07T08:09:10.000Z');
    const names = await rowsOf<{ name: string }>(sql`select name from pg_prepared_statements where statement like '%refcount-drizzle-probe%' and statement not like '%pg_prepared_statements%'`);
    expect(names).toEqual([{ name: expect.stringMatching(/^refcount_\d+$/) }]);
  });
});
