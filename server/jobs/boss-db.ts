import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@/db/client';

type Result = { rows: Record<string, unknown>[] };
export type BossDb = { executeSql: (text: string, values?: unknown[]) => Promise<Result>; close: () => Promise<void> };

/**
 * pg-boss speaks to the database through `executeSql(text, values)` (node-postgres style).
 * This adapts whichever client is open, so the queue lives in the app's own database on both
 * drivers without a second client library:
 * - postgres.js: Drizzle made its json and timestamp serializers pass-through, so values are
 *   serialised here as node-postgres would; statements without values may hold several
 *   commands (pg-boss's migrations wrap them in BEGIN/COMMIT) and run on one reserved
 *   connection with the simple protocol; queue creation is serialised (below).
 * - PGlite: `query` for one statement, `exec` for a script.
 * After close(), calls answer empty instead of touching a database that is going away (closedAnswer).
 */
export function bossDb(database: Database): BossDb {
  let closed = false;
  const inFlight = new Set<Promise<Result>>();
  const run = database.driver === 'postgres' ? postgresRunner(database) : pgliteRunner(database);
  return {
    executeSql(text, values) {
      if (closed) return Promise.resolve(closedAnswer(text));
      const p = run(text, values ?? []).finally(() => inFlight.delete(p));
      inFlight.add(p);
      return p;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

// pg-boss reads `rows[0].count` of the commands that report how many jobs they changed (complete,
// fail, cancel, ... all end in SELECT COUNT(*)): a job finishing after close() got no row there and
// threw an unhandled rejection. Those answer a count of 0; anything else no rows.
const closedAnswer = (text: string): Result => ({ rows: /select count\(\*\)/i.test(text) ? [{ count: 0 }] : [] });

const toParam = (v: unknown) =>
  v === undefined ? null : v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v;

// pg-boss's create_queue inserts the queue row and then adds its partition and foreign keys (DDL)
// in one transaction: two processes creating queues at once (nodes and workers starting together
// on a new database) deadlocked on each other's locks. One creator at a time, cluster-wide; the
// lock goes with the transaction, so a crash cannot leave it held.
const CREATES_QUEUE = /\.create_queue\(/;
const QUEUE_CREATION_LOCK = `select pg_advisory_xact_lock(hashtext('refcount:pgboss.create_queue'))`;

// pg-boss's scripts (install, migrations, maintenance) take its advisory lock inside their own
// transaction. One that waited there for another node's install ran on catalog caches from before
// the wait: a connection that had written the catalog (our migrations, at start) kept its lookup of
// "no schema pgboss", so CREATE SCHEMA IF NOT EXISTS failed with 23505 instead of the "already
// exists" pg-boss expects of that race, and the node died at start. Waiting for the same lock at
// session level first puts the wait before the script's BEGIN, which reads the catalog afresh (the
// lock outlives its little transaction; pg-boss's own 30 s lock_timeout still bounds the wait).
const SCRIPT_LOCK = /pg_advisory_xact_lock\(\s*([\s\S]*?::bigint)\s*\)/;

function postgresRunner(database: Database) {
  const pg = database.pg!;
  return async (text: string, values: unknown[]): Promise<Result> => {
    const params = values.map(toParam) as never[];
    if (values.length && CREATES_QUEUE.test(text)) {
      return pg.begin(async (tx) => {
        await tx.unsafe(QUEUE_CREATION_LOCK);
        return { rows: [...(await tx.unsafe(text, params))] };
      }) as Promise<Result>;
    }
    if (values.length) return { rows: [...(await pg.unsafe(text, params))] };
    const conn = await pg.reserve();
    const key = SCRIPT_LOCK.exec(text)?.[1];
    try {
      if (key) await conn.unsafe(`begin; set local lock_timeout = '30s'; select pg_advisory_lock(${key}); commit`).simple();
      const out = (await conn.unsafe(text).simple()) as unknown as Record<string, unknown>[] | Record<string, unknown>[][];
      // Several commands answer one result per command: the last one is the script's answer.
      const last = Array.isArray(out[out.length - 1]) ? (out[out.length - 1] as Record<string, unknown>[]) : out;
      return { rows: [...(last as Record<string, unknown>[])] };
    } catch (err) {
      // A script that failed after its BEGIN never reached its COMMIT: the connection would go back
      // to the pool inside an aborted transaction and fail every later statement (with one
      // connection, the whole worker). pg-boss expects its schema script to fail this way when
      // another process created the schema first.
      await conn.unsafe('rollback').simple().catch(() => {});
      throw err;
    } finally {
      if (key) await conn.unsafe(`select pg_advisory_unlock(${key})`).simple().catch(() => {});
      conn.release();
    }
  };
}

function pgliteRunner(database: Database) {
  // Drizzle keeps the driver's client on $client (db/client.ts does not expose PGlite itself).
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return async (text: string, values: unknown[]): Promise<Result> => {
    if (values.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    const results = await client.exec(text);
    return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
  };
}
