import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { workspaceSettings, workspaces } from '@/db/schema';
import { logoSource } from '../../contracts/settings';
import type { WorkspaceCtx } from '../context';

/** `logoSrc`: where a page loads the logo from, always this install (null: no usable logo). */
export type ProgramBrand = { workspaceId: string; name: string; logoSrc: string | null; brandColor: string | null; termsUrl: string | null; joinKey: string };

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

/**
 * A logo on another host is shown through /brand/{public id}/logo (server/browser/program-logo.ts):
 * the pages' img-src stays 'self', and visitors' browsers never call the manager's host. `v`
 * changes with the address, so a browser's cached copy of the old logo is not reused.
 */
export const logoPath = (publicId: string, httpsUrl: string) =>
  `/brand/${encodeURIComponent(publicId)}/logo?v=${createHash('sha256').update(httpsUrl).digest('base64url').slice(0, 12)}`;

function logoSrc(publicId: string, logoUrl: string | null): string | null {
  const source = logoUrl === null ? null : logoSource(logoUrl);
  if (!source) return null; // unset, or saved before today's rules (e.g. //host/x.png)
  return 'path' in source ? source.path : logoPath(publicId, source.https);
}

const brandOf = (r: Row): ProgramBrand => ({
  workspaceId: r.workspaceId!,
  name: r.programName ?? r.workspaceName!,
  logoSrc: logoSrc(r.publicId!, r.logoUrl),
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

/** The https logo of the workspace with this public id, for the logo route; null when it has none. */
export async function httpsLogoOf(db: DbOrTx, publicId: string): Promise<string | null> {
  const [row] = await db
    .select({ logoUrl: workspaceSettings.logoUrl })
    .from(workspaceSettings)
    .innerJoin(workspaces, eq(workspaces.id, workspaceSettings.workspaceId))
    .where(eq(workspaces.publicId, publicId));
  const source = row?.logoUrl ? logoSource(row.logoUrl) : null;
  return source && 'https' in source ? source.https : null;
}
