import { and, eq, inArray } from 'drizzle-orm';
import { rewardDeliveries } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import type { Commission } from './read';

// Commissions as the workspace's API shows them: each with its reward delivered in the billing
// system (docs/rewards-in-billing.md), read for the page in one query.
export async function withRewardDeliveries<C extends Commission>(ctx: WorkspaceCtx, rows: C[]) {
  const ids = rows.filter((r) => r.rewardType === 'non_cash').map((r) => r.id);
  const found = ids.length
    ? await ctx.db
        .select()
        .from(rewardDeliveries)
        .where(and(eq(rewardDeliveries.workspaceId, ctx.workspaceId), inArray(rewardDeliveries.commissionId, ids)))
    : [];
  const byCommission = new Map(found.map((d) => [d.commissionId, d]));
  return rows.map((r) => ({ ...r, rewardDelivery: byCommission.get(r.id) ?? null }));
}
