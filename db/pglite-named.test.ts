import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

// On the embedded database each query text runs as a named statement after its first call
// (client.ts nameStatements, a patched PGlite): the answers must be those of an unnamed run.
let database: Database;
const rowsOf = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)) as unknown as { rows: T[] };
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('named statements on PGlite', () => {
  it('keeps a statement per text and binds later calls to it, values typed as on the first', async () => {
    const q = (n: number, at: Date, doc: object) =>
      sql`select ${n}::int + 1 as n, ${at}::timestamptz as at, (${JSON.stringify(doc)}::jsonb)->>'k' as k, 'refcount-named-probe' as probe`;
    const first = await rowsOf<{ n: number; at: unknown; k: string }>(q(1, new Date('2026-01-02T03:04:05Z'), { k: 'a' }));
    const second = await rowsOf<{ n: number; at: unknown; k: string }>(q(41, new Date('2030-06-07T08:09:10Z'), { k: 'b' }));
    expect(first.rows[0]).toMatchObject({ n: 2, k: 'a' });
    expect(second.rows[0]).toMatchObject({ n: 42, k: 'b' });
    expect(new Date(second.rows[0].at as string).toISOString()).toBe('2030-06-07T08:09:10.000Z');
    const named = await rowsOf<{ name: string }>(sql`select name from pg_prepared_statements where statement like '%refcount-named-probe%' and statement not like '%pg_prepared_statements%'`);
    expect(named.rows.map((r) => r.name)).toEqual([expect.stringMatching(/^refcount_\d+$/)]);
  });

  it('names statements inside transactions too, and a failed one leaves the rest working', async () => {
    await database.db.execute(sql`create table named_t (id int primary key, v text)`);
    const insert = (id: number, v: string) => sql`insert into named_t values (${id}, ${v})`;
    await database.db.transaction(async (tx) => {
      await tx.execute(insert(1, 'one'));
      await tx.execute(insert(2, 'two'));
    });
    await expect(database.db.execute(insert(1, 'again'))).rejects.toThrow();
    await database.db.execute(insert(3, 'three'));
    expect((await rowsOf<{ n: number }>(sql`select count(*)::int as n from named_t`)).rows[0].n).toBe(3);
  });

  it('runs a text unnamed once its statement went stale (the table under it changed shape)', async () => {
    await database.db.execute(sql`create table named_s (a int)`);
    await database.db.execute(sql`insert into named_s values (1)`);
    const all = sql`select * from named_s`;
    expect((await rowsOf(all)).rows).toEqual([{ a: 1 }]);
    await database.db.execute(sql`alter table named_s add column b int default 7`);
    expect((await rowsOf(all)).rows).toEqual([{ a: 1, b: 7 }]);
    expect((await rowsOf(all)).rows).toEqual([{ a: 1, b: 7 }]);
  });
});
