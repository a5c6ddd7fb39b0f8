import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { workspaceKeys } from '@/db/schema';
import { mintToken, WORKSPACE_KEY_PREFIX } from '../../auth/tokens';
import { KEY_SCOPES } from '../../model/enums';
import { invalid, notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, Actor } from '../context';
import { wellFormedId } from '../records';

export type WorkspaceKey = typeof workspaceKeys.$inferSelect;

/** What the audit log keeps of a key: never its hash, only what identifies it. */
export const auditedKey = (k: { name: string | null; scopes: string[]; start: string }) => ({ name: k.name, scopes: k.scopes, start: k.start });

/** Mints a workspace key; the token is in the result only, never stored. */
export async function createWorkspaceKey({ ctx, input }: { ctx: ActingCtx; input: { scopes: string[]; name?: string | null } }): Promise<{ key: WorkspaceKey; token: string }> {
  const bad = input.scopes.find((s) => !(KEY_SCOPES as readonly string[]).includes(s));
  if (bad) throw invalid('scopes', `unknown scope ${bad}; use ${KEY_SCOPES.join(', ')}`);
  const { token, hash, start } = mintToken(WORKSPACE_KEY_PREFIX);
  const key = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workspaceKeys)
      .values({ workspaceId: ctx.workspaceId, name: input.name ?? null, scopes: [...new Set(input.scopes)], hash, start })
      .returning();
    await addAuditEntry(tx, ctx, 'workspace_key.created', { type: 'workspace_key', id: row.id }, { after: auditedKey(row) });
    return row;
  });
  return { key, token };
}

export async function listWorkspaceKeys(db: DbOrTx, workspaceId?: string): Promise<WorkspaceKey[]> {
  return db
    .select()
    .from(workspaceKeys)
    .where(workspaceId ? eq(workspaceKeys.workspaceId, workspaceId) : undefined)
    .orderBy(desc(workspaceKeys.createdAt));
}

/**
 * Revokes at once: the next request with the token answers 401 on every node. Without
 * `workspaceId` (the operator's command line) any workspace's key can be named.
 */
export async function revokeWorkspaceKey(ctx: { db: DbOrTx; actor: Actor; workspaceId?: string }, id: string): Promise<WorkspaceKey> {
  wellFormedId(id, () => notFound('key'));
  return ctx.db.transaction(async (tx) => {
    const [key] = await tx
      .update(workspaceKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(workspaceKeys.id, id), ctx.workspaceId ? eq(workspaceKeys.workspaceId, ctx.workspaceId) : undefined, isNull(workspaceKeys.revokedAt)))
      .returning();
    if (!key) throw notFound('key');
    const acting = { db: tx, workspaceId: key.workspaceId, actor: ctx.actor };
    await addAuditEntry(tx, acting, 'workspace_key.revoked', { type: 'workspace_key', id: key.id }, { before: auditedKey(key), after: { revoked_at: key.revokedAt!.toISOString() } });
    return key;
  });
}
