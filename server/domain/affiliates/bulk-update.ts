import { and, asc, eq, inArray } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { required, unknownReference } from '../../errors/errors';
import type { ActingCtx } from '../context';
import type { Affiliate } from './affiliates';
import { applyAffiliatePatch, type AffiliatePatch } from './update-affiliate';

export const BULK_ACTIONS = ['approve', 'reject', 'suspend', 'move', 'move_group'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

// Each action is the single update's change (PATCH /v1/affiliates/{id}) for every affiliate named.
function patchOf(action: BulkAction, campaignId: string | undefined, groupId: string | undefined): AffiliatePatch {
  switch (action) {
    case 'approve':
      return { status: 'active' };
    case 'reject':
      return { status: 'rejected' };
    case 'suspend':
      return { status: 'suspended' };
    case 'move':
      if (!campaignId) throw required('campaign_id');
      return { campaignId };
    case 'move_group':
      if (!groupId) throw required('group_id');
      return { groupId };
  }
}

/**
 * POST /v1/affiliates/bulk: one action for many affiliates, all of them or none. An id the
 * workspace has no affiliate for (another workspace's included) is unknown_resource and nothing
 * changes; so is an unknown campaign or group to move to. Each affiliate changes exactly as the single update
 * changes it (its event, audit row and codes following). Answers the affiliates in the order asked.
 */
export async function bulkUpdateAffiliates({ ctx, ids, action, campaignId, groupId }: { ctx: ActingCtx; ids: string[]; action: BulkAction; campaignId?: string; groupId?: string }): Promise<Affiliate[]> {
  const patch = patchOf(action, campaignId, groupId);
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    // Locked in id order, so two overlapping bulk calls cannot deadlock each other.
    const rows = await tx
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, unique)))
      .orderBy(asc(affiliates.id))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length) throw unknownReference(`ids (${missing.join(', ')})`);
    const updated = new Map<string, Affiliate>();
    for (const row of rows) updated.set(row.id, await applyAffiliatePatch(tx, ctx, row, patch));
    return unique.map((id) => updated.get(id)!);
  });
}
