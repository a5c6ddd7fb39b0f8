import { and, eq } from 'drizzle-orm';
import { campaigns, links } from '@/db/schema';
import type { LinkWithCode } from '../../contracts/link';
import { RefcountError } from '../../errors/errors';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate, referencedCampaign } from '../references';

export type NewLink = { affiliateId: string; campaignId?: string; destinationUrl?: string };

/** The campaign a link joins: the one named, else the affiliate's, else the workspace default. */
async function campaignOfLink(ctx: WorkspaceCtx, named: string | undefined, affiliateCampaignId: string | null) {
  if (named) return referencedCampaign(ctx, named);
  if (affiliateCampaignId) {
    const [own] = await ctx.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, affiliateCampaignId)));
    if (own) return own;
  }
  const fallback = await defaultCampaign(ctx);
  // Nothing to default to: the caller has to name the campaign, which makes the field required.
  if (!fallback) {
    throw new RefcountError('campaign_id_required', 'campaign_id is required: the affiliate has no campaign and the workspace no active one');
  }
  return fallback;
}

/** A referral link; ref_param and destination_url default from its campaign. */
export async function createLink({ ctx, input }: { ctx: WorkspaceCtx; input: NewLink }): Promise<LinkWithCode> {
  const affiliate = await referencedAffiliate(ctx, input.affiliateId);
  const campaign = await campaignOfLink(ctx, input.campaignId, affiliate.campaignId);
  const [row] = await ctx.db
    .insert(links)
    .values({
      workspaceId: ctx.workspaceId,
      affiliateId: affiliate.id,
      campaignId: campaign.id,
      refParam: campaign.refParam,
      destinationUrl: input.destinationUrl ?? campaign.destinationUrl,
    })
    .returning();
  return { ...row, refCode: affiliate.refCode };
}
