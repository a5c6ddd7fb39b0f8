import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import { unknownReference } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';

/** A campaign_id given in a body must name one of the workspace's campaigns (any status). */
export async function requireCampaignRef(ctx: WorkspaceCtx, campaignId: string): Promise<string> {
  if (!isUuid(campaignId)) throw unknownReference('campaign_id');
  const [row] = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, campaignId)));
  if (!row) throw unknownReference('campaign_id');
  return row.id;
}

/** The campaign a new affiliate joins: the one asked for, else the oldest active one, else none. */
export async function campaignForNewAffiliate(ctx: WorkspaceCtx, campaignId: string | undefined): Promise<string | null> {
  if (campaignId !== undefined) return requireCampaignRef(ctx, campaignId);
  return (await defaultCampaign(ctx))?.id ?? null;
}
