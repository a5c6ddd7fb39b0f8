import { Mutex, messages, parse, protocol, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

// PGlite's own query() runs every statement unnamed: parse, describe, bind, describe, execute and
// sync, six trips through the WebAssembly boundary, and a parse and plan on every call. Here each
// query text is parsed once under a name (its parameter types and row description kept), and every
// later call is one trip: bind to that name, execute, sync; as postgres.js does on PostgreSQL
// (db/prepared.ts). Only PGlite's public API: its protocol serializer, execProtocolStream,
// runExclusive and parse.parseResults; values are serialized and rows parsed exactly as its query()
// does. Measurements: docs/performance-history.md ("Each query text is a named statement").
//
// Exclusivity: PGlite's runExclusive takes its query lock only, not the lock its transaction()
// holds from BEGIN to COMMIT, so a named statement could land inside another caller's open
// transaction. This wrapper therefore owns a lock of its own: transaction() holds it throughout,
// a named statement outside a transaction takes it, and one inside runs under its transaction's.

/** Texts named per client at most (PGlite keeps each statement for its life); the rest run unnamed. */
export const MAX_NAMED = 1_000;

type Statement = { name: string; paramTypes: number[]; rowDescription: messages.RowDescriptionMessage | undefined };
type Query = PGlite['query'];
const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PostgreSQL's answer when a named statement's result shape changed under it (a column added to `select *`). */
const isStale = (err: unknown) =>
  err instanceof messages.DatabaseError && err.code === '0A000' && String(err.message).includes('cached plan');

/**
 * Wraps `client` (in place) so that query() names statements, in and outside transaction(), and
 * close() waits for the named statement running. Call once, before anything else uses the client.
 */
export function nameStatements(client: PGlite): PGlite {
  const statements = new Map<string, Statement | null>(); // null: runs unnamed (stale, or past MAX_NAMED)
  const lock = new Mutex();

  async function runNamed(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    let statement = statements.get(text);
    if (!statement) {
      const name = `refcount_${statements.size}`;
      const described = await client.execProtocolStream(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      const rowDescription = described.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described), rowDescription };
      statements.set(text, statement);
    }
    const { paramTypes } = statement;
    // as PGlite's query(): null and undefined are NULL, else the serializer of the described type, else toString()
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
      return serializer ? serializer(param) : String(param);
    });
    // one trip; after an error PostgreSQL skips to the Sync, so the connection is ready either way
    const answer = await client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    if (!inTransaction) await client.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
    return parse.parseResults(described, client.parsers, options)[0];
  }

  /** `run` under the right lock: inside a transaction its own; outside, the wrapper's (see above). */
  const named = (unnamed: Query, inTransaction: boolean, checkOpen: () => void = () => {}): Query =>
    (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
      const statement = statements.get(text);
      // blobs (COPY to or from /dev/blob) and explicit parameter types stay with PGlite's own path
      if (statement === null || options?.blob || options?.paramTypes || (statement === undefined && statements.size >= MAX_NAMED)) {
        if (statement === undefined) statements.set(text, null);
        return unnamed(text, params, options);
      }
      checkOpen();
      const run = () =>
        client.runExclusive(async () => {
          if (client.closed) throw new Error('PGlite is closed');
          try {
            return await runNamed(text, params, options, inTransaction);
          } catch (err) {
            // as PGlite's query(): the database's error carries the query that failed
            if (err instanceof messages.DatabaseError) Object.assign(err, { query: text, params, queryOptions: options });
            throw err;
          }
        });
      try {
        return await (inTransaction ? run() : lock.runExclusive(run));
      } catch (err) {
        if (!isStale(err)) throw err;
        // the shape changed under the name: from now on this text runs unnamed (inside a
        // transaction the error aborted it, as it would have on PostgreSQL)
        statements.set(text, null);
        return unnamed(text, params, options);
      }
    }) as Query;

  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);
  return Object.assign(client, {
    query: named(query, false),
    transaction: (<T>(fn: (tx: Transaction) => Promise<T>) =>
      lock.runExclusive(() =>
        transaction((tx) => {
          const checkOpen = () => {
            if (tx.closed) throw new Error('Transaction is closed');
          };
          return fn(Object.assign(tx, { query: named(tx.query.bind(tx), true, checkOpen) }));
        }),
      )) as PGlite['transaction'],
    close: () => lock.runExclusive(close),
  });
}

