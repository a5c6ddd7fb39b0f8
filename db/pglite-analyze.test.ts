import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '@/server/lib/rows';
import { openDatabase, type Database } from './client';
import { analyzeWhereChanged } from './pglite-analyze';

// PGlite has no autovacuum: pglite-analyze.ts keeps its statistics (client.ts starts it).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

it('analyzes a table once enough of it changed, as autovacuum would (there is none on PGlite)', async () => {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  while (await analyzeWhereChanged(client)); // whatever is due already
  await database.db.execute(sql`create table analyzed_t (id int primary key)`);
  await database.db.execute(sql`insert into analyzed_t select g from generate_series(1, 40) g`);
  expect(await analyzeWhereChanged(client)).toBeNull(); // 40 rows: under the threshold of 50
  await database.db.execute(sql`insert into analyzed_t select g from generate_series(41, 140) g`);
  expect(await analyzeWhereChanged(client)).toBe('public.analyzed_t');
  const [stats] = await rowsOf<{ n: number; tuples: number }>(database.db, sql`
    select s.analyze_count::int as n, c.reltuples::int as tuples from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'analyzed_t'`);
  expect(stats).toEqual({ n: 1, tuples: 140 });
  // 70 more rows of 140 is under 50 + 20%: nothing to do; 10 more, and it is due again
  await database.db.execute(sql`insert into analyzed_t select g from generate_series(141, 210) g`);
  expect(await analyzeWhereChanged(client)).toBeNull();
  await database.db.execute(sql`insert into analyzed_t select g from generate_series(211, 220) g`);
  expect(await analyzeWhereChanged(client)).toBe('public.analyzed_t');
  // statistics at the embedded database's smaller target (a histogram of 10 buckets, not 100), the setting back after it
  const [histogram] = await rowsOf<{ bounds: number }>(database.db, sql`
    select cardinality(histogram_bounds::text::int[])::int as bounds from pg_stats where tablename = 'analyzed_t' and attname = 'id'`);
  expect(histogram.bounds).toBe(11);
  expect((await rowsOf<{ default_statistics_target: string }>(database.db, sql`show default_statistics_target`))[0].default_statistics_target).toBe('100');
});
