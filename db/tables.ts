import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type TableInfo = {
  /** Quoted, schema-qualified when the table lives outside the default schema. */
  sqlName: string;
  name: string;
  columns: string[];
  /** Primary-key columns (empty when the table has none): the order rows are copied in. */
  key: string[];
  /** sqlNames of the tables its foreign keys point at (itself excluded). */
  dependsOn: string[];
};

/** An identifier as SQL text. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const sqlNameOf = (t: PgTable) => {
  const { name, schema: ns } = getTableConfig(t);
  return ns ? `${quote(ns)}.${quote(name)}` : quote(name);
};

function describeTable(t: PgTable): TableInfo {
  const config = getTableConfig(t);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  return {
    sqlName: sqlNameOf(t),
    name: config.name,
    columns: config.columns.map((c) => c.name),
    key: composite ?? config.columns.filter((c) => c.primary).map((c) => c.name),
    dependsOn: [...new Set(config.foreignKeys.map((fk) => sqlNameOf(fk.reference().foreignTable)))].filter((n) => n !== sqlNameOf(t)),
  };
}

/**
 * The given tables with every referenced table before the tables that reference it (a stable
 * topological sort: otherwise the order the list gives). A cycle cannot be loaded row by row: it throws.
 */
export function inForeignKeyOrder(tables: PgTable[]): TableInfo[] {
  const pending = tables.map(describeTable);
  const known = new Set(pending.map((t) => t.sqlName));
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  while (pending.length) {
    const next = pending.findIndex((t) => t.dependsOn.every((d) => done.has(d) || !known.has(d)));
    if (next < 0) throw new Error(`foreign keys form a cycle between ${pending.map((t) => t.name).join(', ')}`);
    const [t] = pending.splice(next, 1);
    done.add(t.sqlName);
    ordered.push(t);
  }
  return ordered;
}

/** Every table exported by db/schema, in foreign-key order: new tables are included as they land. */
export const schemaTables = (): TableInfo[] =>
  inForeignKeyOrder((Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)));
