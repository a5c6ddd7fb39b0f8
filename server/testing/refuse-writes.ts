import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/**
 * Makes the database itself refuse one workspace's writes to a table (a trigger raising an
 * exception), the way a real failure would stop a job's batch for that workspace only; the
 * returned function drops it. Test-only: names are ours, never a caller's.
 */
export async function refuseWrites(db: Db, { table, workspaceId, on }: { table: string; workspaceId: string; on: 'insert' | 'update' | 'delete' }) {
  const name = `refuse_${table}_${on}`;
  await db.execute(sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'refused for this workspace'; end $$`));
  const row = on === 'delete' ? 'old' : 'new';
  await db.execute(sql.raw(`create trigger ${name} before ${on} on ${table} for each row
    when (${row}.workspace_id = '${workspaceId}') execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
}
