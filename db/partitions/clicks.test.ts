import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client';
import { migrate } from '../migrate';
import { createScratchDatabase } from '@/server/testing/database';
import { dropExpiredClickPartitions, ensureClickPartitions, listClickPartitions } from './clicks';

// Migration 0008 on a database that already holds clicks (PGlite, or PostgreSQL with DATABASE_URL),
// then the job's partition maintenance and retention on the result.

const all = join(process.cwd(), 'db', 'migrations');
/** db/migrations as it was before clicks were partitioned (journal cut before 0008). */
function migrationsBefore0008() {
  const dir = mkdtempSync(join(tmpdir(), 'refcount-mig-'));
  cpSync(all, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0008_'));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function freshDatabase(): Promise<Database> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const database = await openDatabase();
    cleanup.push(database.close);
    return database;
  }
  const scratch = await createScratchDatabase(server, 'parts');
  const database = await openDatabase({ url: scratch.url, max: 2 });
  cleanup.push(scratch.drop, database.close);
  return database;
}

async function rows<T>(db: Database['db'], q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

const ws = randomUUID();
const insertClick = (db: Database['db'], at: string, id: string = randomUUID()) =>
  db.execute(sql`insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence, created_at)
    values (${id}, ${ws}, ${randomUUID()}, ${randomUUID()}, ${'v-' + id}, 'new', 1, ${at}::timestamptz)`);
const whereIs = (db: Database['db']) =>
  rows<{ id: string; part: string; ts: string }>(db, sql`select id, tableoid::regclass::text as part, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as ts from clicks order by created_at`);
const month = (d: Date, plus = 0) => {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1));
  return `clicks_p${m.toISOString().slice(0, 7).replace('-', '')}`;
};

describe('clicks partitioned by month', () => {
  it('migrates an unpartitioned table with rows into monthly partitions, every row kept', async () => {
    const { db, ...database } = await freshDatabase();
    await migrate({ db, ...database }, migrationsBefore0008());
    const now = new Date();
    const at = ['2024-03-15T12:00:00Z', '2025-12-31T23:30:00Z', '2026-01-01T00:00:00Z', now.toISOString(), '2031-07-04T00:00:00Z'];
    for (const t of at) await insertClick(db, t);
    const before = await whereIs(db);
    expect(before.every((r) => r.part === 'clicks')).toBe(true);

    await migrate({ db, ...database });

    const [kind] = await rows<{ relkind: string }>(db, sql`select relkind from pg_class where relname = 'clicks'`);
    expect(kind.relkind).toBe('p');
    const after = await whereIs(db);
    expect(after.map((r) => [r.id, r.ts])).toEqual(before.map((r) => [r.id, r.ts]));
    // Each row in its own UTC month; the far-future one in the default partition.
    expect(after.map((r) => r.part)).toEqual(['clicks_p202403', 'clicks_p202512', 'clicks_p202601', month(now), 'clicks_default']);
    const names = (await listClickPartitions(db)).map((p) => p.name);
    // From the oldest row's month through three months ahead, with no gap, then the default.
    expect(names[0]).toBe('clicks_p202403');
    expect(names.at(-2)).toBe(month(now, 3));
    expect(names.at(-1)).toBe('clicks_default');
    // The primary key holds across the partitioned table (id with the partition key).
    await expect(insertClick(db, after[1].ts + ':00Z', after[1].id)).rejects.toThrow();
  });

  it('creates coming months ahead, moving rows that landed in the default partition', async () => {
    const { db, ...database } = await freshDatabase();
    await migrate({ db, ...database });
    await insertClick(db, '2031-07-04T00:00:00Z');
    expect((await whereIs(db))[0].part).toBe('clicks_default');
    const created = await ensureClickPartitions(db, { now: new Date('2031-06-20T00:00:00Z'), ahead: 2 });
    expect(created).toEqual(['2031-06', '2031-07', '2031-08']);
    expect((await whereIs(db))[0].part).toBe('clicks_p203107');
    // A second run (another worker, the next tick) creates nothing.
    expect(await ensureClickPartitions(db, { now: new Date('2031-06-20T00:00:00Z'), ahead: 2 })).toEqual([]);
  });

  it('drops whole months past CLICK_RETENTION_MONTHS, never inside the longest cookie window', async () => {
    const { db, ...database } = await freshDatabase();
    await migrate({ db, ...database });
    const now = new Date('2031-06-20T00:00:00Z');
    for (let i = -8; i <= 0; i++) await ensureClickPartitions(db, { now: new Date(Date.UTC(2031, 5 + i, 1)), ahead: 0 });
    for (let i = -8; i <= 0; i++) await insertClick(db, new Date(Date.UTC(2031, 5 + i, 10)).toISOString());
    await insertClick(db, '2019-01-01T00:00:00Z'); // older than every partition: in the default one
    // A campaign attributing 100 days back holds clicks from 2031-03-12 on: March stays.
    await db.execute(sql`insert into campaigns (id, workspace_id, name, cookie_window_days) values (${randomUUID()}, ${ws}, 'c', 100)`);

    const r = await dropExpiredClickPartitions(db, { retentionMonths: 1, now });
    expect(r.cutoff.toISOString()).toBe('2031-03-01T00:00:00.000Z');
    // (the migration's own months, years before this test's clock, go as well)
    expect(r.dropped.filter((n) => n >= 'clicks_p2030')).toEqual(['clicks_p203010', 'clicks_p203011', 'clicks_p203012', 'clicks_p203101', 'clicks_p203102']);
    expect(r.deletedFromDefault).toBe(1);
    expect((await whereIs(db)).map((x) => x.ts.slice(0, 7))).toEqual(['2031-03', '2031-04', '2031-05', '2031-06']);

    // Without the long campaign the setting alone decides: one month before the current one.
    await db.execute(sql`delete from campaigns`);
    const again = await dropExpiredClickPartitions(db, { retentionMonths: 1, now });
    expect(again.dropped).toEqual(['clicks_p203103', 'clicks_p203104']);
    expect((await whereIs(db)).map((x) => x.ts.slice(0, 7))).toEqual(['2031-05', '2031-06']);
  });
});
