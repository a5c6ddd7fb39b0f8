import { and, eq } from 'drizzle-orm';
import { campaigns, links } from '@/db/schema';
import type { LinkWithCode } from '../../contracts/link';
import { RefcountError } from '../../errors/errors';
import { defaultCampaign } from '../campaigns/campaigns';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { referencedAffiliate, referencedCampaign } from '../references';

export type NewLink = { affiliateId: string; campaignId?: string; destinationUrl?: string; subId?: string };

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
export async function createLink({ ctx, input }: { ctx: ActingCtx; input: NewLink }): Promise<LinkWithCode> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const affiliate = await referencedAffiliate(inTx, input.affiliateId);
    const campaign = await campaignOfLink(inTx, input.campaignId, affiliate.campaignId);
    const [row] = await tx
      .insert(links)
      .values({
        workspaceId: ctx.workspaceId,
        affiliateId: affiliate.id,
        campaignId: campaign.id,
        refParam: campaign.refParam,
        destinationUrl: input.destinationUrl ?? campaign.destinationUrl,
        subId: input.subId ?? null,
      })
      .returning();
    const after = { affiliate_id: row.affiliateId, campaign_id: row.campaignId, ref_param: row.refParam, destination_url: row.destinationUrl, sub_id: row.subId };
    await addAuditEntry(tx, inTx, 'link.created', { type: 'link', id: row.id }, { after });
    return { ...row, refCode: affiliate.refCode };
  });
}
