import { and, eq, sql } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { sharedLookup } from '../../lib/shared-lookup';
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

// Every sale first asks whether it is a retry: concurrent sales share the read.
const idsByExternalId = sharedLookup('conversion_ids_by_external_ids', {
  build: (db, keys) =>
    db
      .select({ id: conversions.id, workspaceId: conversions.workspaceId, externalId: conversions.externalId })
      .from(conversions)
      .where(sql`(${conversions.workspaceId}, ${conversions.externalId}) in (select k.ws, k.ext from jsonb_to_recordset(${keys}) as k(ws uuid, ext text))`),
  keyOf: (k: { ws: string; ext: string }) => `${k.ws} ${k.ext}`,
  keyOfRow: (r) => `${r.workspaceId} ${r.externalId}`,
});

/** Only the id of the workspace's conversion with this external id (a replayed sale answers just that). */
export async function conversionIdByExternalId({ ctx, externalId }: { ctx: WorkspaceCtx; externalId: string }): Promise<string | undefined> {
  const [row] = await idsByExternalId(ctx.db, { ws: ctx.workspaceId, ext: externalId });
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
