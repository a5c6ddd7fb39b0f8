import { and, asc, eq, sql } from 'drizzle-orm';
import { commissionRules } from '@/db/schema';
import { getCampaign, type Campaign } from '../campaigns/campaigns';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { productOverrides, type Product } from '../products/products';

export type Rule = typeof commissionRules.$inferSelect;
export type CampaignRules = { campaign: Campaign; rules: Rule[]; overrides: Product[] };

const campaignRules = preparedQuery('rules_of_campaign', (db) =>
  db
    .select()
    .from(commissionRules)
    .where(and(eq(commissionRules.workspaceId, sql.placeholder('workspaceId')), eq(commissionRules.campaignId, sql.placeholder('campaignId'))))
    .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id)),
);

/** Every rule of a campaign, oldest first; the engine picks among them with ruleForSale. */
export async function rulesOfCampaign({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<Rule[]> {
  return campaignRules(ctx.db).execute({ workspaceId: ctx.workspaceId, campaignId });
}

export async function campaignRulesOf({ ctx, campaign }: { ctx: WorkspaceCtx; campaign: Campaign }): Promise<CampaignRules> {
  const rules = await rulesOfCampaign({ ctx, campaignId: campaign.id });
  return { campaign, rules, overrides: await productOverrides({ ctx, campaignId: campaign.id }) };
}

/** GET /v1/campaigns/{id}/commission-rule: the campaign's rules and the products redirected to it. */
export async function getCampaignRules({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<CampaignRules> {
  return campaignRulesOf({ ctx, campaign: await getCampaign({ ctx, id: campaignId }) });
}
