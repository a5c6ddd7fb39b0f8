import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { workspaces } from '@/db/schema';
import type { WorkspaceCtx } from '../context';

// IPs and user agents are kept only as hashes salted with a per-workspace secret: enough to match
// a returning visitor within one workspace, useless for anything else. Salts never change, so
// each process reads a workspace's salt once.
const salts = new Map<string, string>();

export async function hasherFor({ ctx }: { ctx: WorkspaceCtx }) {
  const { db, workspaceId } = ctx;
  let salt = salts.get(workspaceId);
  if (!salt) {
    // The caller's workspace exists (its key or session was just checked).
    const [ws] = await db.select({ salt: workspaces.trackingSalt }).from(workspaces).where(eq(workspaces.id, workspaceId));
    salt = ws.salt;
    salts.set(workspaceId, salt);
  }
  const s = salt;
  return (value: string | null | undefined): string | null =>
    value ? createHash('sha256').update(s).update('\0').update(value).digest('hex') : null;
}
