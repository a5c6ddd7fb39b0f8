import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { workspaceKeys } from '@/db/schema';
import { mintToken, WORKSPACE_KEY_PREFIX } from '../../auth/tokens';
import { SCOPES } from '../../auth/scopes';
import { forgetKey } from '../../auth/resolve-key';
import { invalid, notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';

export type WorkspaceKey = typeof workspaceKeys.$inferSelect;

/** Mints a workspace key; the token is in the result only, never stored. */
export async function createWorkspaceKey(
  db: DbOrTx,
  input: { workspaceId: string; scopes: string[]; name?: string | null },
): Promise<{ key: WorkspaceKey; token: string }> {
  const bad = input.scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad) throw invalid('scopes', `unknown scope ${bad}; use ${SCOPES.join(', ')}`);
  const { token, hash, start } = mintToken(WORKSPACE_KEY_PREFIX);
  const [key] = await db
    .insert(workspaceKeys)
    .values({ workspaceId: input.workspaceId, name: input.name ?? null, scopes: [...new Set(input.scopes)], hash, start })
    .returning();
  return { key, token };
}

export async function listWorkspaceKeys(db: DbOrTx, workspaceId?: string): Promise<WorkspaceKey[]> {
  return db
    .select()
    .from(workspaceKeys)
    .where(workspaceId ? eq(workspaceKeys.workspaceId, workspaceId) : undefined)
    .orderBy(desc(workspaceKeys.createdAt));
}

/** Revokes at once: the next request with the token answers 401. */
export async function revokeWorkspaceKey(db: DbOrTx, input: { id: string; workspaceId?: string }): Promise<WorkspaceKey> {
  if (!isUuid(input.id)) throw notFound('key');
  const [key] = await db
    .update(workspaceKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(workspaceKeys.id, input.id),
        input.workspaceId ? eq(workspaceKeys.workspaceId, input.workspaceId) : undefined,
        isNull(workspaceKeys.revokedAt),
      ),
    )
    .returning();
  if (!key) throw notFound('key');
  forgetKey(key.id);
  return key;
}
