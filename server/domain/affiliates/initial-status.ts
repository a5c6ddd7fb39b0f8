import { eq } from 'drizzle-orm';
import { workspaceSettings } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import type { Affiliate, AffiliateStatus } from './affiliates';

/** Status and approval time of a new affiliate: active at once only when the workspace auto-approves. */
export async function initialStatus(
  ctx: WorkspaceCtx,
  asked?: AffiliateStatus,
): Promise<Pick<Affiliate, 'status' | 'approvedAt'>> {
  let status = asked;
  if (!status) {
    const [settings] = await ctx.db
      .select({ autoApprove: workspaceSettings.autoApproveAffiliates })
      .from(workspaceSettings)
      .where(eq(workspaceSettings.workspaceId, ctx.workspaceId));
    status = settings?.autoApprove ? 'active' : 'pending';
  }
  return { status, approvedAt: status === 'active' ? new Date() : null };
}
