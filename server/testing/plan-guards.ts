import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { rowsOf } from '../lib/rows';
import { createScratchDatabase } from './database';

// What the plan guards share (server/domain/lists/list-scale.test.ts, server/store/store-plans.test.ts):
// a scratch PostgreSQL database on one connection, seeded with one workspace's affiliates,
// conversions and commissions, and the server's own statistics to count the rows a read touched.
// PostgreSQL only: PGlite keeps no such statistics.

/** The workspace the seed fills. */
export const WS = '00000000-0000-4000-8000-00000000000a';
// the group the affiliates are in: the seed makes no workspace row, so no default group either
const GROUP = '00000000-0000-7000-8000-0000000000a1';

export type PlanGuards = ReturnType<typeof planGuards>;

/** A scratch database named after `name` on `server`, opened before the file's tests and dropped after them. */
export function planGuards(server: string, name: string) {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, name);
    // one connection: the statistics flushed below are this backend's
    database = await openDatabase({ url: scratch.url, max: 1 });
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const db = () => database.db;

  /** `n` active affiliates (ref codes r1…), `n` conversions (external ids e1…, every 50th a test one) with one commission each. */
  async function seed(n: number) {
    await db().execute(sql`truncate affiliates, conversions, commissions`);
    await db().execute(sql`
      insert into affiliates (id, workspace_id, group_id, ref_code, email, status, created_at)
      select gen_random_uuid(), ${WS}, ${GROUP}, 'r' || g, 'a' || g || '@example.com', 'active', now() - g * interval '1 second'
      from generate_series(1, ${n}) g`);
    await db().execute(sql`
      insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id, is_test, ts, created_at)
      select gen_random_uuid(), ${WS}, gen_random_uuid(), gen_random_uuid(), 'sale', 'pending', 1000, 'e' || g, g % 50 = 0,
             now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, ${n}) g`);
    await db().execute(sql`
      insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency, status, created_at)
      select gen_random_uuid(), workspace_id, affiliate_id, id, 300, 300, 'usd', 'pending', created_at from conversions`);
    await db().execute(sql`analyze affiliates, conversions, commissions`);
  }

  /** Rows of `table` (all its partitions) read by `read`: sequentially and through indexes. */
  async function rowsRead(table: string, read: () => Promise<unknown>) {
    const stats = async () => {
      await db().execute(sql`select pg_stat_force_next_flush()`);
      await db().execute(sql`select pg_stat_clear_snapshot()`);
      const [s] = await rowsOf<{ seq: string; idx: string }>(db(), sql`
        select coalesce(sum(seq_tup_read), 0)::text as seq, coalesce(sum(idx_tup_fetch), 0)::text as idx from pg_stat_user_tables
        where relid = ${table}::regclass or relid in (select relid from pg_partition_tree(${table}::regclass))`);
      return { seq: Number(s.seq), idx: Number(s.idx) };
    };
    const before = await stats();
    await read();
    const after = await stats();
    return { seq: after.seq - before.seq, idx: after.idx - before.idx };
  }

  /** `read` with every statement in the plan PostgreSQL settles on after five calls (the generic one). */
  async function withGenericPlans(read: () => Promise<void>) {
    await db().execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await read();
    } finally {
      await db().execute(sql`reset plan_cache_mode`);
    }
  }

  /**
   * Relation locks `run` took past PostgreSQL's fast path, inside one transaction (`tx` is its
   * handle): a generic plan locks every table, partition and index it holds on each execution,
   * and past 16 locks a backend takes them in the shared lock table.
   */
  async function slowLocks(run: (tx: Database['db']) => Promise<unknown>) {
    const locks = await db().transaction(async (tx) => {
      await run(tx);
      return rowsOf<{ fastpath: boolean; n: number }>(tx, sql`
        select fastpath, count(*)::int as n from pg_locks where pid = pg_backend_pid() and locktype = 'relation' group by fastpath`);
    });
    return locks.find((l) => !l.fastpath)?.n ?? 0;
  }

  return { db, ctx: () => ({ db: db(), workspaceId: WS }), seed, rowsRead, withGenericPlans, slowLocks };
}
