import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { rowsOf } from '../lib/rows';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { createJobRunner, type JobRunner } from './runner';

// Several processes (app nodes, workers) starting at once on a database pg-boss has never seen:
// each creates the same queues, and pg-boss's create_queue adds a partition and foreign keys (DDL)
// in the same transaction as its queue row. Two of them at once deadlocked (40P01) and a worker
// died at start. Only PostgreSQL has other processes; PGlite is one process's database.
const QUEUES = ['race-a', 'race-b', 'race-c', 'race-d', 'race-e', 'race-f'];
const NODES = 4;

describe.skipIf(!process.env.DATABASE_URL)('job runners starting together', () => {
  let database: TestDatabase;
  const peers: Database[] = [];
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    // one connection each, as `npx refcount worker` opens
    for (let i = 0; i < NODES; i++) peers.push(await openDatabase({ url: database.url!, max: 1 }));
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(peers.map((p) => p.close()));
    await database?.close();
  });

  it('all start and declare every queue once, however their statements interleave', async () => {
    const started = await Promise.allSettled(
      peers.map(async (peer) => {
        const runner = await createJobRunner(peer);
        runners.push(runner);
        // all queues of a node at once, as registerAppJobs' awaits do not serialise across nodes
        await Promise.all(QUEUES.map((q) => runner.register(q, async () => {}, { pollSeconds: 60 })));
      }),
    );
    expect(started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    const queues = await rowsOf<{ name: string }>(database.db, sql`select name from pgboss.queue where name like 'race-%' order by name`);
    expect(queues.map((q) => q.name)).toEqual(QUEUES);
    const partitions = await rowsOf<{ n: number }>(database.db, sql`
      select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pgboss.queue q on q.partition_name = c.relname where q.name like 'race-%'`);
    expect(partitions[0].n).toBe(QUEUES.length);
  });
});
