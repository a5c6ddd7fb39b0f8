import { sql } from 'drizzle-orm';
import { rowsOf as rows } from '@/server/lib/rows';
import type { DbOrTx } from '../client';
import { quote, type TableInfo } from '../tables';

// What the copy reads from the catalog of each side: the catalog, not the Drizzle definition, is
// what the rows' text form follows (column order, generated columns, sequences).

/**
 * Text forms of timestamps, dates, floats and bytes depend on session settings: both sides use
 * the same ones for the whole transaction, so a row's text reads back as the same value.
 */
export const fixTextFormats = (db: DbOrTx) =>
  db.execute(sql`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
    set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true), set_config('bytea_output', 'hex', true)`);

export type Column = { name: string; type: string; generated: boolean };

/** The table's live columns in storage order (the order of its rows' text form). */
export const columnsOf = (db: DbOrTx, t: TableInfo) =>
  rows<Column>(db, sql`select attname as name, format_type(atttypid, atttypmod) as type, attgenerated <> '' as generated
    from pg_attribute where attrelid = ${t.sqlName}::regclass and attnum > 0 and not attisdropped order by attnum`);

export type Sequence = { column: string; sequence: string };

/** Serial and identity columns: their sequences must continue where the source's stopped. */
export const sequencesOf = (db: DbOrTx, t: TableInfo) =>
  rows<Sequence>(db, sql`select attname as column, pg_get_serial_sequence(${t.sqlName}, attname) as sequence
    from pg_attribute where attrelid = ${t.sqlName}::regclass and attnum > 0 and not attisdropped
      and pg_get_serial_sequence(${t.sqlName}, attname) is not null`);

/** Row count and an order-independent checksum of the rows' text forms. */
export async function fingerprint(db: DbOrTx, t: TableInfo): Promise<{ rows: number; checksum: string }> {
  const [r] = await rows<{ n: string; h: string }>(db, sql.raw(`select count(*)::text as n,
    coalesce(sum(('x' || left(md5(t::text), 15))::bit(60)::bigint), 0)::text as h from ${t.sqlName} t`));
  return { rows: Number(r.n), checksum: r.h };
}

/** Base tables of the default schema that `known` does not list and that hold rows. */
export async function unknownTablesWithRows(db: DbOrTx, known: TableInfo[]): Promise<string[]> {
  const names = new Set(known.map((t) => t.name));
  // Partitions (clicks_pYYYYMM) are copied through their parent table, not on their own.
  const all = await rows<{ name: string }>(db, sql`select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`);
  const out: string[] = [];
  for (const { name } of all.filter((r) => !names.has(r.name))) {
    const [r] = await rows<{ any: boolean }>(db, sql.raw(`select exists (select 1 from ${quote(name)}) as any`));
    if (r.any) out.push(name);
  }
  return out;
}
