import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { autoAnalyze } from './pglite-analyze';
import { nameStatements } from './pglite-statements';
import { preferPrepared } from './prepared';

// One type for both drivers: everything above db/ is written against this.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** postgres.js client when on PostgreSQL (for raw hot-path statements and pg-boss). */
  pg?: postgres.Sql;
  /**
   * A streaming replica (DATABASE_REPLICA_URL) for reads that need not see the caller's own
   * writes: reports and the lists docs/scaling.md names. Absent: those reads use `db`.
   */
  replica?: Db;
  /**
   * Connections with synchronous_commit off, for click writes only (CLICK_SYNCHRONOUS_COMMIT=off,
   * an operator's choice, PostgreSQL only). Absent: clicks commit durably on `db`.
   */
  clicks?: Db;
  /** The PostgreSQL URL it was opened with (migrate() holds its lock on a connection of its own). */
  url?: string;
  close: () => Promise<void>;
};

export type OpenOptions = {
  url?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** Lock the PGlite directory against other processes (servers and the CLI do). */
  lock?: boolean;
  /** A PGlite data directory to start from, as `dumpDataDir` wrote it (the test suite's migrated template). */
  loadDataDir?: Blob;
  max?: number;
  /** A read replica of `url` (PostgreSQL only). */
  replicaUrl?: string;
  /**
   * Named prepared statements (default true). Off for a pooler in transaction mode that cannot
   * track them (PgBouncer before 1.21, or max_prepared_statements = 0): every statement is then
   * sent unnamed, parsed each time.
   */
  prepare?: boolean;
  /**
   * false: clicks are written on connections with synchronous_commit off. A crash of PostgreSQL
   * (not of the app) can then lose the last fraction of a second of acknowledged clicks; never
   * sales, refunds or anything else (PostgreSQL only; default true).
   */
  clickSynchronousCommit?: boolean;
};

/**
 * PGlite runs each statement on this thread, and a chain of awaited statements never leaves the
 * microtask queue: a job sending hundreds of statements in a row kept the event loop from accepting
 * a single request while it ran (the risk job's 200 re-assessments: 49 s, every request in flight
 * timed out). So each statement or transaction begun on the client first lets the loop turn once.
 * Statements inside a transaction do not: nobody else could run on the database until it ends.
 */
function letEventLoopTurn(client: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  return Object.assign(client, {
    query: (async (...args: Parameters<PGlite['query']>) => (await turn(), query(...args))) as PGlite['query'],
    transaction: (async (...args: Parameters<PGlite['transaction']>) => (await turn(), transaction(...args))) as PGlite['transaction'],
  });
}

export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (opts.replicaUrl && !opts.url) throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replicas');
  if (opts.url) {
    const prepare = opts.prepare ?? true;
    const pg = postgres(opts.url, { max: opts.max ?? 10, onnotice: () => {}, prepare });
    const db = drizzlePostgres(preferPrepared(pg), { schema }) as unknown as Db;
    const replicaPg = opts.replicaUrl ? postgres(opts.replicaUrl, { max: opts.max ?? 10, onnotice: () => {}, prepare }) : undefined;
    const replica = replicaPg ? (drizzlePostgres(preferPrepared(replicaPg), { schema }) as unknown as Db) : undefined;
    const clicksPg = opts.clickSynchronousCommit === false
      ? postgres(opts.url, { max: opts.max ?? 10, onnotice: () => {}, prepare, connection: { synchronous_commit: 'off', application_name: 'refcount-clicks' } })
      : undefined;
    const clicks = clicksPg ? (drizzlePostgres(preferPrepared(clicksPg), { schema }) as unknown as Db) : undefined;
    const ends = () => Promise.all([pg, replicaPg, clicksPg].map((c) => c?.end({ timeout: 5 })));
    return { db, driver: 'postgres', pg, replica, clicks, url: opts.url, close: async () => void (await ends()) };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const unlock = opts.lock && dataDir !== 'memory://' ? lockDataDir(dataDir) : () => {};
  try {
    // named statements (db/pglite-statements.ts) under the turn of the loop each statement begins with
    const client = letEventLoopTurn(nameStatements(await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, { loadDataDir: opts.loadDataDir })));
    // Statistics as autovacuum would keep them (there is none here): generic plans chosen on the
    // planner's guesses made sales slower round by round as the tables grew (docs/performance-history.md).
    const stopAnalyzing = await autoAnalyze(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      close: async () => {
        stopAnalyzing();
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
