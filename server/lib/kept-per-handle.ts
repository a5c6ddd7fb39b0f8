import type { DbOrTx } from '@/db/client';

/**
 * A bounded memo per database handle (a pool, or a transaction: each its own): at most `max`
 * entries, the least recently set going first. For what a process learnt from a read and may use
 * again only under a check that the database makes (a key, rules under their version, a sale's
 * predicted first read), so a stale entry costs a miss, never a wrong answer.
 */
export function keptPerHandle<V>(max: number) {
  const maps = new WeakMap<DbOrTx, Map<string, V>>();
  return {
    get: (db: DbOrTx, key: string): V | undefined => maps.get(db)?.get(key),
    set(db: DbOrTx, key: string, value: V) {
      let m = maps.get(db);
      if (!m) maps.set(db, (m = new Map()));
      m.delete(key);
      if (m.size >= max) m.delete(m.keys().next().value!);
      m.set(key, value);
    },
    delete: (db: DbOrTx, key: string) => void maps.get(db)?.delete(key),
  };
}
