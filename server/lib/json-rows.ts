import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
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
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    out[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

// PostgreSQL refuses a lone UTF-16 surrogate in JSON text; sent alone as a text parameter, the
// driver's UTF-8 encoding turned it into U+FFFD, so JSON parameters do the same.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (_key: string, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v);

/** JSON text for a jsonb parameter, every string as the database would store it as text. */
export const jsonParam = (value: unknown): string => JSON.stringify(value, wellFormed);
