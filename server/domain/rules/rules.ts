import { and, asc, eq } from 'drizzle-orm';
import { commissionRules } from '@/db/schema';
import { getCampaign, type Campaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { productOverrides, type Product } from '../products/products';

export type Rule = typeof commissionRules.$inferSelect;
export type CampaignRules = { campaign: Campaign; rules: Rule[]; overrides: Product[] };

/** Every rule of a campaign, oldest first; the engine picks among them with ruleForSale. */
export async function rulesOfCampaign({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<Rule[]> {
  return ctx.db
    .select()
    .from(commissionRules)
    .where(and(eq(commissionRules.workspaceId, ctx.workspaceId), eq(commissionRules.campaignId, campaignId)))
    .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id));
}

export async function campaignRulesOf({ ctx, campaign }: { ctx: WorkspaceCtx; campaign: Campaign }): Promise<CampaignRules> {
  const rules = await rulesOfCampaign({ ctx, campaignId: campaign.id });
  return { campaign, rules, overrides: await productOverrides({ ctx, campaignId: campaign.id }) };
}

/** GET /v1/campaigns/{id}/commission-rule: the campaign's rules and the products redirected to it. */
export async function getCampaignRules({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<CampaignRules> {
  return campaignRulesOf({ ctx, campaign: await getCampaign({ ctx, id: campaignId }) });
}
