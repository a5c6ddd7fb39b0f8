import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { rowsOf } from '../lib/rows';
import { createScratchDatabase } from '../testing/database';
import { describeWith } from '../testing/requirements';
import { createJobRunner, type JobRunner } from './runner';

// Several processes (app nodes, workers) starting at once on a database pg-boss has never seen:
// each creates the same queues, and pg-boss's create_queue adds a partition and foreign keys (DDL)
// in the same transaction as its queue row. Two of them at once deadlocked (40P01) and a worker
// died at start. Only PostgreSQL has other processes (PGlite is one process's database): these run
// on the PostgreSQL server in both suites, each on a scratch database.
const QUEUES = ['race-a', 'race-b', 'race-c', 'race-d', 'race-e', 'race-f'];
const NODES = 4;

/** A fresh migrated database and `count` nodes on it, one connection each (as `npx refcount worker` opens), stopped after the suite. */
function nodes(server: string, count: number, prepare: (peer: Database) => Promise<unknown> = async () => {}) {
  const on = { scratch: undefined as unknown as Awaited<ReturnType<typeof createScratchDatabase>>, database: undefined as unknown as Database, peers: [] as Database[], runners: [] as JobRunner[] };
  beforeAll(async () => {
    on.scratch = await createScratchDatabase(server, 'jobs');
    on.database = await openDatabase({ url: on.scratch.url, max: 5 });
    await migrate(on.database);
    for (let i = 0; i < count; i++) {
      on.peers.push(await openDatabase({ url: on.scratch.url, max: 1 }));
      await prepare(on.peers[i]);
    }
  });
  afterAll(async () => {
    await Promise.all(on.runners.map((r) => r.stop()));
    await Promise.all(on.peers.map((p) => p.close()));
    await on.database?.close();
    await on.scratch?.drop();
  });
  return on;
}

await describeWith('postgres', 'job runners starting together', (server) => {
  const on = nodes(server, NODES);
  const { peers, runners } = on;

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
    const queues = await rowsOf<{ name: string }>(on.database.db, sql`select name from pgboss.queue where name like 'race-%' order by name`);
    expect(queues.map((q) => q.name)).toEqual(QUEUES);
    const partitions = await rowsOf<{ n: number }>(on.database.db, sql`
      select count(*)::int as n from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pgboss.queue q on q.partition_name = c.relname where q.name like 'race-%'`);
    expect(partitions[0].n).toBe(QUEUES.length);
  });
});

// Nodes whose pg-boss install waited for another node's (here a third connection holding pg-boss's
// lock and creating the schema): they died at start with 23505 on a stale catalog (boss-db.ts).
await describeWith('postgres', 'job runners waiting for another install', (server) => {
  // each migrates first, as a server starts: its connection has written the catalog before
  const on = nodes(server, 2, migrate);
  const { peers, runners } = on;

  it('both start once the lock is free, and pg-boss is installed once', async () => {
    const holder = await on.database.pg!.reserve();
    const waiting = () => rowsOf<{ n: number }>(on.database.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
    let started: Promise<PromiseSettledResult<JobRunner>[]>;
    try {
      await holder.unsafe(`begin`);
      await holder.unsafe(`select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.pgboss')::bytea), 'hex'))::bit(64)::bigint)`);
      started = Promise.allSettled(peers.map((peer) => createJobRunner(peer)));
      for (let i = 0; i < 200 && (await waiting())[0].n < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await waiting())[0].n).toBe(2);
      await holder.unsafe(`create schema pgboss`);
    } finally {
      await holder.unsafe(`commit`);
      holder.release();
    }
    const settled = await started;
    for (const s of settled) if (s.status === 'fulfilled') runners.push(s.value);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    expect((await rowsOf<{ n: number }>(on.database.db, sql`select count(*)::int as n from pgboss.version`))[0].n).toBe(1);
  });
});
