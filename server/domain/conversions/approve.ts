import { and, eq, inArray } from 'drizzle-orm';
import { commissions } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import type { Settings } from '../settings/settings';

/** With auto_approve_commissions on, a confirmed conversion's pending earnings become approved. */
export async function approveIfAuto({ ctx, settings, conversionIds }: { ctx: WorkspaceCtx; settings: Settings; conversionIds: string[] }) {
  if (!settings.autoApproveCommissions || !conversionIds.length) return [];
  return ctx.db
    .update(commissions)
    .set({ status: 'approved', updatedAt: new Date() })
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        inArray(commissions.conversionId, conversionIds),
        eq(commissions.status, 'pending'),
        eq(commissions.kind, 'earning'),
      ),
    )
    .returning();
}
