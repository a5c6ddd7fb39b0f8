import { asc, sql } from 'drizzle-orm';
import { commissionRules } from '@/db/schema';
import { getCampaign, type Campaign } from '../campaigns/campaigns';
import { sharedLookup } from '../../lib/shared-lookup';
import type { WorkspaceCtx } from '../context';
import { productOverrides, type Product } from '../products/products';

export type Rule = typeof commissionRules.$inferSelect;
export type CampaignRules = { campaign: Campaign; rules: Rule[]; overrides: Product[] };

// Every sale reads its campaign's rules: concurrent sales share the read.
const campaignRules = sharedLookup('rules_of_campaigns', {
  build: (db, keys) =>
    db
      .select()
      .from(commissionRules)
      .where(sql`(${commissionRules.workspaceId}, ${commissionRules.campaignId}) in (select k.ws, k.campaign from jsonb_to_recordset(${keys}) as k(ws uuid, campaign uuid))`)
      .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id)),
  keyOf: (k: { ws: string; campaign: string }) => `${k.ws} ${k.campaign}`,
  keyOfRow: (r) => `${r.workspaceId} ${r.campaignId}`,
});

/** Every rule of a campaign, oldest first; the engine picks among them with ruleForSale. */
export async function rulesOfCampaign({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<Rule[]> {
  return campaignRules(ctx.db, { ws: ctx.workspaceId, campaign: campaignId });
}

export async function campaignRulesOf({ ctx, campaign }: { ctx: WorkspaceCtx; campaign: Campaign }): Promise<CampaignRules> {
  const rules = await rulesOfCampaign({ ctx, campaignId: campaign.id });
  return { campaign, rules, overrides: await productOverrides({ ctx, campaignId: campaign.id }) };
}

/** GET /v1/campaigns/{id}/commission-rule: the campaign's rules and the products redirected to it. */
export async function getCampaignRules({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<CampaignRules> {
  return campaignRulesOf({ ctx, campaign: await getCampaign({ ctx, id: campaignId }) });
}
