import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '../../lib/rows';

// A job asks this at every tick; a few hundred workspaces with work is already a lot.
export const MAX_WORKSPACES_A_RUN = 1_000;

/** Workspaces with work, in the order they get their turns; `complete`: none was left out. */
export type WorkspaceList = { ids: string[]; complete: boolean };

/**
 * The workspaces that have rows matching `where` in `table`, starting after `after` and wrapping
 * around (so a job that stops early serves the next ones first on its next run), at most `limit`.
 * A skip scan: one index probe per workspace found (the index must lead with workspace_id under the
 * same predicate), so the cost follows how many workspaces have work, never how many rows wait.
 * Callers pass constant SQL.
 */
export async function workspacesWith(
  db: Db,
  table: string,
  where: SQL,
  { after, limit = MAX_WORKSPACES_A_RUN }: { after?: string; limit?: number } = {},
): Promise<WorkspaceList> {
  const ids = await skipScan(db, table, where, { above: after, limit });
  if (after && ids.length < limit) ids.push(...(await skipScan(db, table, where, { upTo: after, limit: limit - ids.length })));
  return { ids, complete: ids.length < limit };
}

async function skipScan(db: Db, table: string, where: SQL, { above, upTo, limit }: { above?: string; upTo?: string; limit: number }) {
  const t = sql.raw(table);
  const inRange = sql.join(
    [where, ...(above ? [sql`workspace_id > ${above}::uuid`] : []), ...(upTo ? [sql`workspace_id <= ${upTo}::uuid`] : [])],
    sql` and `,
  );
  const rows = await rowsOf<{ id: string }>(db, sql`
    with recursive w(id) as (
      (select workspace_id from ${t} where ${inRange} order by workspace_id limit 1)
      union all
      select (select workspace_id from ${t} where ${inRange} and workspace_id > w.id order by workspace_id limit 1)
      from w where w.id is not null
    )
    select id from w where id is not null limit ${limit}`);
  return rows.map((r) => r.id);
}
