import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import { unknownReference } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';

/** A campaign named in a body or query must be the workspace's own, else unknown_resource. */
export async function requireCampaignReference(ctx: WorkspaceCtx, campaignId: string, field = 'campaign_id') {
  if (!isUuid(campaignId)) throw unknownReference(field);
  const [row] = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, campaignId)));
  if (!row) throw unknownReference(field);
}
