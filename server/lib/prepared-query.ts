import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { rowsIn } from './rows';

/**
 * A hot query built once per database handle and then run with placeholder values (Drizzle's
 * `.prepare()`): building a query's SQL costs 100-250 µs of CPU, more than PostgreSQL spends
 * running it prepared. A transaction is a new handle each time, so inside one the query is built
 * once per transaction; the pool's is built once per process.
 */
export function preparedQuery<Q>(name: string, build: (db: DbOrTx) => { prepare: (name: string) => Q }): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db).prepare(name)));
    return query;
  };
}

/**
 * preparedQuery for a query whose optional filters change its text: one per shape (which filters
 * are given), each built on first use and kept with its own plan. `shape` is a flat object of
 * booleans, always written in the same key order.
 */
export function preparedShapes<S extends Record<string, boolean>, Q>(name: string, build: (shape: S, db: DbOrTx) => { prepare: (name: string) => Q }) {
  const shapes = new Map<string, (db: DbOrTx) => Q>();
  return (shape: S): ((db: DbOrTx) => Q) => {
    const key = Object.values(shape).map(Number).join('');
    let query = shapes.get(key);
    if (!query) shapes.set(key, (query = preparedQuery(`${name}_${key}`, (db) => build(shape, db))));
    return query;
  };
}

// Renders as each handle's own dialect would: db/client.ts opens both drivers without a `casing`
// option (were one added, it would have to be passed here too).
const dialect = new PgDialect();

/**
 * preparedQuery for a raw statement whose only inputs are placeholders (`sql.placeholder`): its
 * text is rendered once per database handle, not on every call (rendering the click batch's
 * statement cost ~35 µs a batch), and it answers rows as rowsOf does, on either driver.
 */
export function preparedSql<T>(name: string, statement: SQL): (db: DbOrTx) => (values: Record<string, unknown>) => Promise<T[]> {
  return preparedQuery(name, (db) => ({
    prepare: (named) => {
      const query = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, named, false);
      return async (values: Record<string, unknown>) => rowsIn<T>(await query.execute(values));
    },
  }));
}
