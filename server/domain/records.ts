import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '../lib/ids';
import type { WorkspaceCtx } from './context';

// How a record of the workspace is found by its id, once. A malformed id, another workspace's
// record and no record at all answer alike (`missing`), so a tenant cannot probe another's ids,
// and a malformed id costs no query.

/** A table of workspace records: a UUID `id` and the owning `workspaceId`. */
type WorkspaceTable = PgTable & { id: PgColumn; workspaceId: PgColumn };

/** `id` when it can name a record, else `missing()` thrown: for writes that find the row themselves. */
export function wellFormedId(id: string, missing: () => Error): string {
  if (!isUuid(id)) throw missing();
  return id;
}

/** The where clause of the workspace's record `id` of `table`. */
export const ownRecord = (ctx: WorkspaceCtx, table: WorkspaceTable, id: string): SQL =>
  and(eq(table.workspaceId, ctx.workspaceId), eq(table.id, id))!;

/**
 * The workspace's record `id` of `table`, or `missing()` thrown. `lock` holds the row for the rest
 * of the transaction `ctx.db` is (a change that reads, checks, then writes it).
 */
export async function loadRecord<T extends WorkspaceTable>(
  ctx: WorkspaceCtx,
  table: T,
  id: string,
  missing: () => Error,
  { lock = false } = {},
): Promise<T['$inferSelect']> {
  const query = ctx.db.select().from(table as PgTable).where(ownRecord(ctx, table, wellFormedId(id, missing)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw missing();
  return row as T['$inferSelect'];
}
