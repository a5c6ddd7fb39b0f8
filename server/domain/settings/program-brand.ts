import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { workspaceSettings, workspaces } from '@/db/schema';
import type { WorkspaceCtx } from '../context';

export type ProgramBrand = { workspaceId: string; name: string; logoUrl: string | null; brandColor: string | null; termsUrl: string | null; joinKey: string };

const columns = {
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  publicId: workspaces.publicId,
  programName: workspaceSettings.programName,
  logoUrl: workspaceSettings.logoUrl,
  brandColor: workspaceSettings.brandColor,
  termsUrl: workspaceSettings.termsUrl,
  joinSlug: workspaceSettings.joinSlug,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

const brandOf = (r: Row): ProgramBrand => ({
  workspaceId: r.workspaceId!,
  name: r.programName ?? r.workspaceName!,
  logoUrl: r.logoUrl,
  brandColor: r.brandColor,
  termsUrl: r.termsUrl,
  joinKey: r.joinSlug ?? r.publicId!,
});

/** How the program presents itself to affiliates: its name (else the workspace's), logo, colour, terms. */
export async function programBrand({ ctx }: { ctx: WorkspaceCtx }): Promise<ProgramBrand | null> {
  const { db, workspaceId } = ctx;
  const [row] = await db.select(columns).from(workspaces).leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, workspaces.id)).where(eq(workspaces.id, workspaceId));
  return row ? brandOf(row) : null;
}

/**
 * The program a public join page names: its join slug, or the workspace's public id (every
 * program has one, so a join page exists before a manager picks an address). Null when none.
 */
export async function programByJoinKey(db: DbOrTx, key: string): Promise<ProgramBrand | null> {
  const k = key.trim().toLowerCase();
  const [row] = await db
    .select(columns)
    .from(workspaces)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, workspaces.id))
    .where(or(eq(workspaceSettings.joinSlug, k), eq(workspaces.publicId, key.trim())))
    .limit(1);
  return row ? brandOf(row) : null;
}
