import { and, eq, sql } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';

export type Conversion = typeof conversions.$inferSelect;

/** The workspace's conversion with this external id, locked for the rest of the transaction. */
export async function conversionByExternalId({ ctx, externalId, lock = false }: { ctx: WorkspaceCtx; externalId: string; lock?: unknown }): Promise<Conversion | undefined> {
  const q = ctx.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.externalId, externalId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

const idByExternalId = preparedQuery('conversion_id_by_external_id', (db) =>
  db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.workspaceId, sql.placeholder('workspaceId')), eq(conversions.externalId, sql.placeholder('externalId')))),
);

/** Only the id of the workspace's conversion with this external id (a replayed sale answers just that). */
export async function conversionIdByExternalId({ ctx, externalId }: { ctx: WorkspaceCtx; externalId: string }): Promise<string | undefined> {
  const [row] = await idByExternalId(ctx.db).execute({ workspaceId: ctx.workspaceId, externalId });
  return row?.id;
}

/** The workspace's conversion with this id, locked for the rest of the transaction when asked. */
export async function conversionById({ ctx, id, lock = false }: { ctx: WorkspaceCtx; id: string; lock?: unknown }): Promise<Conversion | undefined> {
  const q = ctx.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
