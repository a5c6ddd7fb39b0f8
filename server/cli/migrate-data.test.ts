import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { rowsOf as rows } from '../lib/rows';
import { migrate } from '@/db/migrate';
import { census, seedActivity } from '../testing/activity';
import { startTestApi } from '../testing/api';
import { createScratchDatabase } from '../testing/database';
import { describeWith } from '../testing/requirements';

// `npx refcount migrate-data` as a user runs it: from an embedded database written by real
// domain calls to a new PostgreSQL database, then the app on the copy.

const cli = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['bin/refcount.mjs', 'migrate-data', ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' });

await describeWith('postgres', 'refcount migrate-data', (server) => {
  const dir = join(mkdtempSync(join(tmpdir(), 'refcount-move-')), 'pglite');
  let demo: Awaited<ReturnType<typeof seedActivity>>;
  let before: Awaited<ReturnType<typeof census>>;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    const source = await openDatabase({ dataDir: dir, lock: true });
    await migrate(source);
    const api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, source);
    demo = await seedActivity(api);
    before = await census(source);
    await api.close(); // closes the source and releases its lock
    target = await createScratchDatabase(server, 'move');
  }, 120_000);
  afterAll(() => target?.drop());

  it('refuses while a server holds the embedded database, touching nothing', async () => {
    const running = await openDatabase({ dataDir: dir, lock: true });
    try {
      const refused = cli({ PGLITE_DIR: dir }, '--to', target.url);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^refcount: The embedded database in .* is in use by another Refcount process \(pid \d+\)\. Stop it first/);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await running.close();
    }
    const pg = await openDatabase({ url: target.url, max: 1 });
    const tables = await rows<{ n: number }>(pg.db, sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    await pg.close();
    expect(tables[0].n).toBe(0);
  });

  it('copies PGlite to PostgreSQL with nothing lost, and the app works there', async () => {
    const moved = cli({ PGLITE_DIR: dir }, '--to', target.url, '--json', '--batch-size', '10');
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    const report = JSON.parse(moved.stdout);
    expect(report.target).toBe(target.url);
    expect(Object.fromEntries(report.tables.map((t: { table: string; rows: number }) => [t.table, t.rows]))).toEqual(before.counts);

    const copy = await openDatabase({ url: target.url });
    const api = await startTestApi({}, copy);
    try {
      expect(await census(copy)).toEqual(before);
      expect(Number(before.money.commissions)).toBeGreaterThan(0);
      const campaigns = await api.call('GET', '/v1/campaigns', { token: demo.token });
      expect(campaigns.status).toBe(200);
      expect(campaigns.body.data.map((c: { name: string }) => c.name).sort()).toEqual(['Black Friday 2025', 'Creators (first click)', 'Partner program']);
      expect((await api.call('GET', '/v1/affiliate/me', { token: demo.affiliateToken })).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('refuses a target that holds data; --replace (DATABASE_URL as the target) copies again', () => {
    const refused = cli({ PGLITE_DIR: dir }, '--to', target.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^refcount: the target already holds data \(.*\); pass --replace to empty it first\n$/);
    const again = cli({ PGLITE_DIR: dir, DATABASE_URL: target.url }, '--replace');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^copying .* to postgres:\/\/.*\n(  \w+ +\d+\n)+\d+ tables, \d+ rows copied; row counts and checksums match\./);
  }, 90_000); // two CLI runs, each starting the app on the embedded database (15 s alone, 31 s on a busy machine)
});
