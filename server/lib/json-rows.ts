import { getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A complete row of `table` as JSON keyed by its database column names, for a statement that
 * inserts rows with `jsonb_populate_record(null::<table>, …)`: its text stays the same whatever
 * the rows, so it is prepared once. The row is the table's full select type, so every column
 * is given (a column left out would become NULL, not its default) and the caller holds exactly
 * the row the database will hold, without reading it back.
 */
export function jsonRow<T extends PgTable>(table: T, row: InferSelectModel<T>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of columnNamesOf(table)) {
    out[name] = jsonValue((row as Record<string, unknown>)[key]);
  }
  return out;
}

/**
 * Only the given columns of a row, keyed as jsonRow keys them: for an UPDATE from
 * `jsonb_populate_record`, which reads the row's key and the columns it sets and nothing else.
 */
export function jsonColumns<T extends PgTable>(table: T, row: InferSelectModel<T>, keys: readonly (keyof InferSelectModel<T> & string)[]): Record<string, unknown> {
  const names = columnNameOf(table);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    out[names.get(key)!] = jsonValue((row as Record<string, unknown>)[key]);
  }
  return out;
}
// a timestamp as PostgreSQL's timestamptz input reads it; a missing value as NULL
const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const columnNameMaps = new WeakMap<PgTable, Map<string, string>>();
function columnNameOf(table: PgTable): Map<string, string> {
  let names = columnNameMaps.get(table);
  if (!names) columnNameMaps.set(table, (names = new Map(columnNamesOf(table))));
  return names;
}

// [property, column name] of each column, listed once per table rather than on every row.
const columnNames = new WeakMap<PgTable, [string, string][]>();
function columnNamesOf(table: PgTable): [string, string][] {
  let names = columnNames.get(table);
  if (!names) columnNames.set(table, (names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name])));
  return names;
}

// PostgreSQL refuses a lone UTF-16 surrogate in JSON text; sent alone as a text parameter, the
// driver's UTF-8 encoding turned it into U+FFFD, so JSON parameters do the same. JSON.stringify
// writes a lone surrogate, and only a lone one, as an escape (\ud800): each such escape that is not
// itself an escaped backslash's text becomes \ufffd. One scan of the text, and none at all in the
// usual case (a replacer function instead ran for every value: 3-4% of a refund's CPU).
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/** JSON text for a jsonb parameter, every string as the database would store it as text. */
export const jsonParam = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text.includes('\\ud') ? text.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd') : text;
};

/**
 * The rows of a batch sent as one jsonb array parameter `param`, as the FROM item `as` with
 * `columns` (`name type, …`). PostgreSQL guesses 100 rows for any set-returning function and 10
 * for an array it cannot see; a batch holds a few. At 100, a prepared statement joined each table
 * smaller than about 20,000 rows by hashing all of it (a sale's first read scanned every
 * conversion of every workspace), so the rows go through an array (docs/architecture.md).
 */
export const batchRows = (param: string, as: string, columns: string): SQL =>
  sql`(select r.* from unnest(array(select jsonb_array_elements(${sql.placeholder(param)}::jsonb))) e, jsonb_to_record(e) as r(${sql.raw(columns)})) as ${sql.raw(as)}`;

/** The values of a jsonb array parameter `param` as an array (for `= any (…)`), which PostgreSQL takes for 10 values, not 100 (batchRows). */
export const batchValues = (param: string): SQL => sql`array(select jsonb_array_elements_text(${sql.placeholder(param)}::jsonb))`;
