import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `q` as an ILIKE pattern matching anywhere, with the pattern's own wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of `columns` contains `q`, case-insensitively (null when there is nothing to search for). */
export function matchesAny(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return sql`(${sql.join(columns.map((c) => sql`${c} ilike ${pattern}`), sql` or `)})`;
}

export type SortDir = 'asc' | 'desc';
/** ORDER BY a sort key then a unique tie-breaker, so pages never overlap or skip. */
export const orderBy = (key: SQL | AnyColumn, dir: SortDir, tie: AnyColumn) => (dir === 'asc' ? sql`${key} asc nulls first, ${tie} asc` : sql`${key} desc nulls last, ${tie} desc`);
