import { and, eq } from 'drizzle-orm';
import { conversions } from '@/db/schema';
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

/** Only the id of the workspace's conversion with this external id (a replayed sale answers just that). */
export async function conversionIdByExternalId({ ctx, externalId }: { ctx: WorkspaceCtx; externalId: string }): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.externalId, externalId)));
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
