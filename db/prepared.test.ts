import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { preferPrepared } from './prepared';
import { workspaces } from './schema';
import { createScratchDatabase } from '@/server/testing/database';
import { describeWith } from '@/server/testing/requirements';

// Drizzle asks postgres.js for unnamed statements; the client must prepare them anyway (one
// parse and plan per connection), inside transactions too, and not when the operator says no.
await describeWith('postgres', 'statements through Drizzle', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'prepared');
    database = await openDatabase({ url: scratch.url, max: 1 });
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });
  const prepared = async (db: Database['db'], marker: string) =>
    (await db.execute(sql`select statement from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`)) as unknown as unknown[];

  it('prepares builder queries and raw statements with parameters, in and out of transactions', async () => {
    const { db } = database;
    await db.select().from(workspaces).where(eq(workspaces.name, 'one'));
    await db.execute(sql`select ${1}::int as marker_raw`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${2}::int as marker_tx`);
      await tx.transaction((inner) => inner.execute(sql`select ${3}::int as marker_savepoint`));
    });
    expect(await prepared(db, '"workspaces"')).toHaveLength(1);
    for (const marker of ['marker_raw', 'marker_tx', 'marker_savepoint']) expect(await prepared(db, marker)).toHaveLength(1);
    // The same shape again reuses its statement rather than adding one.
    await db.select().from(workspaces).where(eq(workspaces.name, 'two'));
    expect(await prepared(db, '"workspaces"')).toHaveLength(1);
  });

  it('prepares nothing when the client is told not to (a pooler that cannot carry statements)', async () => {
    const unprepared = postgres(scratch.url, { max: 1, prepare: false, onnotice: () => {} });
    try {
      const db = drizzle(preferPrepared(unprepared)) as unknown as Database['db'];
      await db.execute(sql`select ${4}::int as marker_off`);
      expect(await db.execute(sql`select count(*)::int as n from pg_prepared_statements`)).toEqual([{ n: 0 }]);
    } finally {
      await unprepared.end();
    }
  });
});
