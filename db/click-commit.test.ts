import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { startTestApi, type TestApi } from '@/server/testing/api';
import { createScratchDatabase } from '@/server/testing/database';
import { startProgram } from '@/server/testing/program';
import { describeWith } from '@/server/testing/requirements';

// CLICK_SYNCHRONOUS_COMMIT=off: an operator's choice for click-heavy programs. Only clicks go
// through the relaxed connections; everything else keeps waiting for the WAL flush.
await describeWith('postgres', 'clicks with synchronous_commit off', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let api: TestApi;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'clickcommit');
    database = await openDatabase({ url: scratch.url, max: 2, clickSynchronousCommit: false });
    await migrate(database);
    api = await startTestApi({}, database);
  });
  afterAll(async () => {
    await api?.close();
    await scratch?.drop();
  });
  const setting = async (db: Database['db']) =>
    ((await db.execute(sql`show synchronous_commit`)) as unknown as { synchronous_commit: string }[])[0].synchronous_commit;

  it('opens click connections with synchronous_commit off and leaves the others durable', async () => {
    expect(await setting(database.clicks!)).toBe('off');
    expect(await setting(database.db)).toBe('on');
    const plain = await openDatabase({ url: scratch.url, max: 1 });
    expect(plain.clicks).toBeUndefined();
    await plain.close();
  });

  it('writes API clicks on those connections, and sales on the durable ones', async () => {
    const p = await startProgram(api, { prefix: 'cc' });
    const before = await database.db.execute(sql`select count(*)::int as n from clicks`);
    // The last statement each click connection ran: the click's own (server/store/click-write.ts; its start, as
    // pg_stat_activity keeps only the first 1 KiB), not the durable pool's.
    const lastOnClickConnections = async () =>
      ((await database.db.execute(sql`select query from pg_stat_activity where datname = current_database() and application_name = 'refcount-clicks'`)) as unknown as { query: string }[]).map((r) => r.query);
    const click = await p.track('click', { ref: p.a.ref });
    expect(click.status).toBe(200);
    expect(click.body.ok).toBe(true);
    expect((await lastOnClickConnections()).some((q) => /ref text, vid text/.test(q))).toBe(true);
    const after = (await database.db.execute(sql`select count(*)::int as n from clicks`)) as unknown as { n: number }[];
    expect(after[0].n).toBe((before as unknown as { n: number }[])[0].n + 1);
    const sale = await p.track('sale', { external_id: 'cc_1', visitor_id: click.body.visitor_id, amount: 1000 });
    expect(sale.status).toBe(200);
    expect(sale.body.attributed).toBe(true);
    expect((await lastOnClickConnections()).some((q) => q.includes('insert into conversions'))).toBe(false);
  });
});
