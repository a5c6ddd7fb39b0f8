import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { groupCommit, type GroupCommit } from './group-commit';
import { jsonParam, wellFormedText } from './json-rows';

type Prepared<R> = { execute: (params: { keys: string }) => Promise<R[]> };

export type SharedLookupOptions<K, R> = {
  /**
   * The query for many keys at once. `keys` is a jsonb array of the keys (objects); read it as a
   * table, e.g. `jsonb_to_recordset(${keys}) as k(ws uuid, ref text)`, and select each key's fields
   * back so `keyOfRow` can tell whose a row is.
   */
  build: (db: DbOrTx, keys: SQL) => { prepare: (name: string) => Prepared<R> };
  /** A key's identity: two callers with equal keys share its rows. */
  keyOf: (key: K) => string;
  keyOfRow: (row: R) => string;
};

/**
 * A prepared read that concurrent callers share (server/lib/group-commit.ts, as API key lookups
 * do): callers arriving while reads are in flight go together in the next statement, sent after
 * each of them arrived, so each reads state at least as fresh as a statement of its own would. The
 * keys travel as one jsonb parameter (strings as the database stores text: a lone surrogate
 * becomes U+FFFD, as it would in a text parameter), so the text is fixed and stays prepared. Under load, one round
 * trip and one execution serve many requests (the sale path runs four of these); an idle caller
 * waits for nobody. Answers the caller's rows, in the statement's order. Per database handle: a
 * transaction's reads stay in it.
 */
export type SharedLookup<K, R> = {
  (db: DbOrTx, key: K): Promise<R[]>;
  /** Keys looked up and statements sent on this handle so far (sharing at work: statements < keys). */
  stats: (db: DbOrTx) => { items: number; statements: number };
};

export function sharedLookup<K, R>(name: string, o: SharedLookupOptions<K, R>): SharedLookup<K, R> {
  const readers = new WeakMap<DbOrTx, GroupCommit<K, R[]>>();
  const readerOf = (db: DbOrTx) => {
    const query = o.build(db, sql`${sql.placeholder('keys')}::jsonb`).prepare(name);
    return groupCommit<K, R[]>({
      maxBatch: 256,
      maxInFlight: 2,
      write: async (keys) => {
        // a key as the rows will show it (see jsonParam)
        const idOf = (k: K) => wellFormedText(o.keyOf(k));
        const unique = new Map(keys.map((k) => [idOf(k), k]));
        const byKey = new Map<string, R[]>();
        for (const row of await query.execute({ keys: jsonParam([...unique.values()]) })) {
          const k = o.keyOfRow(row);
          const rows = byKey.get(k);
          if (rows) rows.push(row);
          else byKey.set(k, [row]);
        }
        return keys.map((k) => byKey.get(idOf(k)) ?? []);
      },
    });
  };
  const lookup = (db: DbOrTx, key: K) => {
    let reader = readers.get(db);
    if (!reader) readers.set(db, (reader = readerOf(db)));
    return reader(key);
  };
  return Object.assign(lookup, { stats: (db: DbOrTx) => readers.get(db)?.stats() ?? { items: 0, statements: 0 } });
}
