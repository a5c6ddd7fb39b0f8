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
 *   connection with the simple protocol.
 * - PGlite: `query` for one statement, `exec` for a script.
 * After close(), calls answer empty instead of touching a database that is going away.
 */
export function bossDb(database: Database): BossDb {
  let closed = false;
  const inFlight = new Set<Promise<Result>>();
  const run = database.driver === 'postgres' ? postgresRunner(database) : pgliteRunner(database);
  return {
    executeSql(text, values) {
      if (closed) return Promise.resolve({ rows: [] });
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

const toParam = (v: unknown) =>
  v === undefined ? null : v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v;

function postgresRunner(database: Database) {
  const pg = database.pg!;
  return async (text: string, values: unknown[]): Promise<Result> => {
    if (values.length) return { rows: [...(await pg.unsafe(text, values.map(toParam) as never[]))] };
    const conn = await pg.reserve();
    try {
      const out = (await conn.unsafe(text).simple()) as unknown as Record<string, unknown>[] | Record<string, unknown>[][];
      // Several commands answer one result per command: the last one is the script's answer.
      const last = Array.isArray(out[out.length - 1]) ? (out[out.length - 1] as Record<string, unknown>[]) : out;
      return { rows: [...(last as Record<string, unknown>[])] };
    } finally {
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
