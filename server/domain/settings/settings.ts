import { eq } from 'drizzle-orm';
import { workspaceSettings } from '@/db/schema';
import type { WorkspaceCtx } from '../context';

export type Settings = typeof workspaceSettings.$inferSelect;
export type SettingsPatch = Partial<
  Pick<
    Settings,
    'autoApproveAffiliates' | 'autoApproveCommissions' | 'holdDays' | 'minPayout' | 'currency' | 'commissionUnmappedProducts'
  >
>;

/** The workspace's settings. The row is made with the workspace; defaults fill in if it is gone. */
export async function readSettings(ctx: WorkspaceCtx): Promise<Settings> {
  const [row] = await ctx.db.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ctx.workspaceId));
  return row ?? updateSettings({ ctx, patch: {} });
}

/** Upserts, so a change never depends on the row having been made first. */
export async function updateSettings({ ctx, patch }: { ctx: WorkspaceCtx; patch: SettingsPatch }): Promise<Settings> {
  const [row] = await ctx.db
    .insert(workspaceSettings)
    .values({ ...patch, workspaceId: ctx.workspaceId })
    .onConflictDoUpdate({ target: workspaceSettings.workspaceId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return row;
}
