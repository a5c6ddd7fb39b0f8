import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchDatabase } from '@/server/testing/database';
import { describeWith } from '@/server/testing/requirements';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';

// Nodes and workers each migrate at start; started together on a new database, all but one died
// on "relation already exists" before migrate() took a lock. On the PostgreSQL server in both
// suites: PGlite is one process's database.
const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };

await describeWith('postgres', 'migrating from several processes at once', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: Database[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'migrate');
    // one connection each, as the CLI (and `npx refcount worker`) opens
    for (let i = 0; i < 3; i++) nodes.push(await openDatabase({ url: scratch.url, max: 1 }));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await scratch?.drop();
  });

  it('every process starts, and each migration is applied once', async () => {
    const results = await Promise.allSettled(nodes.map((n) => migrate(n)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 200))).toEqual([]);
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const [tables] = await sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'conversions'`;
    await sql.end();
    expect(applied.n).toBe(journal.entries.length);
    expect(tables.n).toBe(1);
  });
});
