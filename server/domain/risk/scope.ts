import { sql, type SQL } from 'drizzle-orm';
import type { RiskWindow } from './window';

/** `and <column> in (...)` when assessing some affiliates only; nothing when assessing all. */
export function onlyAffiliates(column: SQL, ids: string[] | undefined): SQL {
  if (!ids) return sql``;
  if (!ids.length) return sql` and false`;
  return sql` and ${column} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** The assessment window on a timestamp column. */
export const inWindow = (column: SQL, w: RiskWindow) =>
  sql`${column} >= ${w.from.toISOString()}::timestamptz and ${column} < ${w.to.toISOString()}::timestamptz`;
