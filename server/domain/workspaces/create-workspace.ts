import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@/db/client';
import { workspaceSettings, workspaces } from '@/db/schema';

export type Workspace = typeof workspaces.$inferSelect;

/** A workspace with its settings row (defaults: docs/workspaces-and-keys.md#program-settings). */
export async function createWorkspace(db: DbOrTx, input: { name: string }): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const [ws] = await tx
      .insert(workspaces)
      .values({ name: input.name, publicId: `ws_${randomBytes(9).toString('base64url')}` })
      .returning();
    await tx.insert(workspaceSettings).values({ workspaceId: ws.id });
    return ws;
  });
}
