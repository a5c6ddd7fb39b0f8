import type postgres from 'postgres';

// Drizzle's postgres-js session asks for an unnamed statement on every query (`prepare: false`
// unless the query was given a name), so each one pays a parse and a plan, and an extra round trip
// when it has parameters. Asking for named statements instead still defers to the client's own
// setting (postgres.js prepares only when the client was opened with `prepare: true`), so an
// operator can turn them off for a pooler that cannot carry them. A query shape's text is the same
// on every request, so each connection holds one statement per shape (freed when it is recycled).
export function preferPrepared(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      // A transaction's (and a savepoint's) queries run on the client handed to the callback.
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (sql: postgres.Sql) => unknown;
          const method = Reflect.get(target, prop) as (...a: unknown[]) => unknown;
          return method.call(target, ...args, (sql: postgres.Sql) => fn(preferPrepared(sql)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}
