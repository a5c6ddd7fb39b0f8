import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '../../lib/rows';

// A job asks this at every tick; a few hundred workspaces with work is already a lot.
export const MAX_WORKSPACES_A_RUN = 1_000;

/**
 * The workspaces that have rows matching `where` in `table`, by a skip scan: one index probe per
 * workspace found (the index must lead with workspace_id under the same predicate), so the cost
 * follows how many workspaces have work, never how many rows wait. Callers pass constant SQL.
 */
export async function workspacesWith(db: Db, table: string, where: SQL, limit = MAX_WORKSPACES_A_RUN): Promise<string[]> {
  const t = sql.raw(table);
  const rows = await rowsOf<{ id: string }>(db, sql`
    with recursive w(id) as (
      (select workspace_id from ${t} where ${where} order by workspace_id limit 1)
      union all
      select (select workspace_id from ${t} where ${where} and workspace_id > w.id order by workspace_id limit 1)
      from w where w.id is not null
    )
    select id from w where id is not null limit ${limit}`);
  return rows.map((r) => r.id);
}
