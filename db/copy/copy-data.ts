import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { quote, schemaTables, type TableInfo } from '../tables';
import { rowsOf as rows } from '@/server/lib/rows';
import { columnsOf, fingerprint, fixTextFormats, sequencesOf, unknownTablesWithRows } from './catalog';

export type CopyOptions = {
  /** Empty the target's tables first; without it a target holding any row is refused. */
  replace?: boolean;
  batchSize?: number;
  /** Defaults to every table of db/schema, in foreign-key order. */
  tables?: TableInfo[];
  onTable?: (table: string, rows: number) => void;
};
export type CopiedTable = { table: string; rows: number };

export class CopyRefusedError extends Error {}

const CURSOR = 'refcount_copy';

/**
 * Copies every row of every table from `source` to `target`, both already migrated to the same
 * schema. The source is read in one read-only snapshot; the target is written in one transaction
 * that commits only after each table's row count and checksum match the source's, so a failure
 * anywhere leaves the target as it was. Rows travel in their Postgres text form (as COPY and
 * pg_dump move them), so every type reads back exactly: microseconds, bigints, jsonb, arrays.
 */
export async function copyData(source: Database, target: Database, opts: CopyOptions = {}): Promise<CopiedTable[]> {
  const tables = opts.tables ?? schemaTables();
  const batch = opts.batchSize ?? 1000;
  return source.db.transaction(
    async (src) => {
      await fixTextFormats(src);
      const stray = await unknownTablesWithRows(src, tables);
      if (stray.length) throw new CopyRefusedError(`the source has rows in tables the schema does not list: ${stray.join(', ')}`);
      return target.db.transaction(async (dst) => {
        await fixTextFormats(dst);
        // Rows arrive as they are: triggers that derive one table's values from another's writes
        // (migration 0014's rules version) stand aside for this transaction (set local).
        await dst.execute(sql`select set_config('refcount.copying', 'on', true)`);
        await prepareTarget(dst, tables, opts.replace ?? false);
        const copied: CopiedTable[] = [];
        for (const t of tables) {
          const n = await copyTable(src, dst, t, batch);
          copied.push({ table: t.name, rows: n });
          opts.onTable?.(t.name, n);
        }
        for (const t of tables) await verify(src, dst, t);
        return copied;
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function prepareTarget(dst: DbOrTx, tables: TableInfo[], replace: boolean) {
  if (replace) {
    await dst.execute(sql.raw(`truncate table ${tables.map((t) => t.sqlName).join(', ')}`));
    return;
  }
  const filled: string[] = [];
  for (const t of tables) {
    const [r] = await rows<{ any: boolean }>(dst, sql.raw(`select exists (select 1 from ${t.sqlName}) as any`));
    if (r.any) filled.push(t.name);
  }
  if (filled.length) throw new CopyRefusedError(`the target already holds data (${filled.join(', ')}); pass --replace to empty it first`);
}

async function copyTable(src: DbOrTx, dst: DbOrTx, t: TableInfo, batch: number): Promise<number> {
  const [from, to] = await Promise.all([columnsOf(src, t), columnsOf(dst, t)]);
  if (JSON.stringify(from) !== JSON.stringify(to)) {
    throw new CopyRefusedError(`table ${t.name} differs between source and target; run the same Refcount version's migrations on both`);
  }
  // Generated columns are computed by the target; every other column is written as read.
  const names = to.filter((c) => !c.generated).map((c) => quote(c.name));
  // Key order puts parents before children within a table (UUID v7 ids grow with time).
  const order = t.key.length ? ` order by ${t.key.map(quote).join(', ')}` : '';
  await src.execute(sql.raw(`declare ${CURSOR} no scroll cursor for select t::text as r from ${t.sqlName} t${order}`));
  let copied = 0;
  for (;;) {
    const page = await rows<{ r: string }>(src, sql.raw(`fetch forward ${batch} from ${CURSOR}`));
    if (page.length) {
      // One text parameter per batch; offset 0 keeps the row parsed once, not once per column.
      await dst
        .execute(sql`insert into ${sql.raw(t.sqlName)} (${sql.raw(names.join(', '))}) overriding system value
          select ${sql.raw(names.map((n) => `(x).${n}`).join(', '))} from (select u.r::${sql.raw(t.sqlName)} as x
            from json_array_elements_text(${JSON.stringify(page.map((p) => p.r))}::text::json) as u(r) offset 0) s`)
        .catch((err: Error) => {
          // Drizzle's message quotes the parameters: the rows themselves, secrets included.
          throw new Error(`table ${t.name}: ${(err.cause as Error | undefined)?.message ?? 'insert failed'}; nothing was committed`);
        });
      copied += page.length;
    }
    if (page.length < batch) break;
  }
  await src.execute(sql.raw(`close ${CURSOR}`));
  for (const s of await sequencesOf(src, t)) {
    const [state] = await rows<{ last_value: string; is_called: boolean }>(src, sql.raw(`select last_value::text, is_called from ${s.sequence}`));
    await dst.execute(sql`select setval(${s.sequence}::regclass, ${state.last_value}::bigint, ${state.is_called})`);
  }
  return copied;
}

async function verify(src: DbOrTx, dst: DbOrTx, t: TableInfo) {
  const [a, b] = [await fingerprint(src, t), await fingerprint(dst, t)];
  if (a.rows !== b.rows || a.checksum !== b.checksum) {
    throw new Error(`table ${t.name}: the copy does not match the source (${a.rows} rows read, ${b.rows} written); nothing was committed`);
  }
}
