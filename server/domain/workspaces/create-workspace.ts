import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '@/db/client';
import { groups, workspaceSettings, workspaces } from '@/db/schema';
import { DEFAULT_GROUP } from '../groups/default-group';

export type Workspace = typeof workspaces.$inferSelect;

/**
 * A workspace with its settings row (defaults: docs/workspaces-and-keys.md#program-settings) and its
 * default partner group (docs/groups-bounties-recruiters.md#groups).
 */
export async function createWorkspace(db: DbOrTx, input: { name: string }): Promise<Workspace> {
  return db.transaction(async (tx) => {
    const [ws] = await tx
      .insert(workspaces)
      .values({ name: input.name, publicId: `ws_${randomBytes(9).toString('base64url')}` })
      .returning();
    await tx.insert(workspaceSettings).values({ workspaceId: ws.id });
    await tx.insert(groups).values({ workspaceId: ws.id, ...DEFAULT_GROUP });
    return ws;
  });
}
