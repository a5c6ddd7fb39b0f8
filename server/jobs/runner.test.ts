import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { rowsOf } from '../lib/rows';
import { eventually } from '../testing/webhook-receiver';
import { openTestDatabase } from '../testing/database';
import { createJobRunner, type JobRunner } from './runner';

// pg-boss on the application's database, on whichever driver the suite runs (PGlite by
// default, PostgreSQL with DATABASE_URL).
let database: Database;
let runner: JobRunner;
beforeAll(async () => {
  database = await openTestDatabase();
  runner = await createJobRunner(database);
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
});

// "Nothing more happened" is read from pg-boss's own table rather than assumed after a sleep:
// once no job of a queue is waiting, retrying or running, no handler of it can run again.
const jobsOf = (name: string, id?: string) =>
  rowsOf<{ state: string }>(database.db, sql`select state from pgboss.job where name = ${name} ${id ? sql`and id = ${id}` : sql``}`);
const FINAL = new Set(['completed', 'failed', 'cancelled']);
const drained = (name: string) =>
  eventually(async () => {
    const jobs = await jobsOf(name);
    return jobs.length > 0 && jobs.every((j) => FINAL.has(j.state));
  });

describe('job runner', () => {
  it('runs sent jobs with their data, including ones due later', async () => {
    const seen: { n: number; at: number }[] = [];
    await runner.register<{ n: number }>('test-echo', async (data) => void seen.push({ ...data, at: Date.now() }), { pollSeconds: 0.5 });
    const sent = Date.now();
    await runner.send('test-echo', [{ data: { n: 1 } }, { data: { n: 2 }, startAfter: new Date(sent + 1200) }]);
    await eventually(() => seen.length === 2);
    expect(seen.map((s) => s.n)).toEqual([1, 2]);
    // never before it is due (a lower bound: a slow machine only makes it later)
    expect(seen[1].at - sent).toBeGreaterThanOrEqual(1150);
  });

  it('queues a job id once', async () => {
    let runs = 0;
    await runner.register('test-once', async () => void runs++, { pollSeconds: 0.5 });
    const id = '0190a0b0-0000-7000-8000-00000000abcd';
    const later = new Date(Date.now() + 700);
    await runner.send('test-once', [{ data: {}, id, startAfter: later }, { data: {}, id, startAfter: later }]);
    await runner.send('test-once', [{ data: {}, id, startAfter: later }]);
    expect(await jobsOf('test-once')).toHaveLength(1);
    await eventually(() => runs >= 1);
    await drained('test-once');
    expect(runs).toBe(1);
  });

  it('repeats periodic jobs', async () => {
    const runs: number[] = [];
    await runner.register('test-tick', async () => void runs.push(Date.now()), { every: 1 });
    await eventually(() => runs.length >= 3);
    expect(runs[2] - runs[0]).toBeGreaterThanOrEqual(1500);
  });

  it('runs a periodic job at once when nudged', async () => {
    let runs = 0;
    await runner.register('test-nudge', async () => void runs++, { every: 3600 });
    await eventually(() => runs === 1); // the first tick comes with registration
    await drained('test-nudge');
    expect(runs).toBe(1);
    // The next tick is an hour away: a second run within the (generous) deadline is the nudge's.
    await runner.nudge('test-nudge');
    await eventually(() => runs === 2);
    await drained('test-nudge');
    expect(runs).toBe(2);
  });

  it('retries a job that threw without re-running the others of its batch', async () => {
    const calls = new Map<string, number>();
    await runner.register<{ key: string }>(
      'test-flaky',
      async ({ key }) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        if (key === 'flaky' && calls.get(key) === 1) throw new Error('first try fails');
      },
      { batchSize: 5, pollSeconds: 0.5, retryLimit: 2, retryDelay: 0 },
    );
    await runner.send('test-flaky', [{ data: { key: 'flaky' } }, { data: { key: 'steady' } }]);
    await eventually(() => calls.get('flaky') === 2);
    await drained('test-flaky');
    expect(calls.get('steady')).toBe(1);
    expect(calls.get('flaky')).toBe(2);
  });

  it('shares a queue between runners: each job runs once', async () => {
    const second = await createJobRunner(database);
    const ran: string[] = [];
    try {
      const handler = (who: string) => async (data: { n: number }) => void ran.push(`${who}:${data.n}`);
      await runner.register('test-shared', handler('a'), { batchSize: 3, pollSeconds: 0.5 });
      await second.register('test-shared', handler('b'), { batchSize: 3, pollSeconds: 0.5 });
      await runner.send('test-shared', Array.from({ length: 20 }, (_, n) => ({ data: { n } })));
      await eventually(() => ran.length >= 20);
      await drained('test-shared');
      expect(ran).toHaveLength(20);
      expect(new Set(ran.map((r) => r.split(':')[1])).size).toBe(20);
    } finally {
      await second.stop();
    }
  });

  it('stops: no more runs, and stopping twice is harmless', async () => {
    const other = await createJobRunner(database);
    let runs = 0;
    await other.register('test-stop', async () => void runs++, { every: 1 });
    await eventually(() => runs >= 1);
    await other.stop();
    await other.stop();
    const after = runs;
    await drained('test-stop');
    // A stopped runner queues nothing ...
    const queued = (await jobsOf('test-stop')).length;
    await other.send('test-stop', [{ data: {} }]);
    await other.nudge('test-stop');
    expect(await jobsOf('test-stop')).toHaveLength(queued);
    // ... and takes nothing: jobs sent now all run in a live runner, none in the stopped one.
    let live = 0;
    await runner.register('test-stop', async () => void live++, { pollSeconds: 0.5 });
    for (let i = 1; i <= 3; i++) {
      await runner.send('test-stop', [{ data: {} }]);
      await eventually(() => live === i);
    }
    await drained('test-stop');
    expect(runs).toBe(after);
    await expect(other.register('test-stop-2', async () => {})).rejects.toThrow('stopped');
  });
});
