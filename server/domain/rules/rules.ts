import { and, asc, eq, sql } from 'drizzle-orm';
import { campaigns, commissionRules } from '@/db/schema';
import { getCampaign, type Campaign } from '../campaigns/campaigns';
import { preparedQuery } from '../../lib/prepared-query';
import type { WorkspaceCtx } from '../context';
import { productOverrides, type Product } from '../products/products';
import { GROSS_BASIS, type BasisOptions } from '../commissions/engine/revenue-basis';

export type Rule = typeof commissionRules.$inferSelect;
export type CampaignRules = { campaign: Campaign; rules: Rule[]; overrides: Product[] };

const campaignRules = preparedQuery('rules_of_campaign', (db) =>
  db
    .select()
    .from(commissionRules)
    .where(and(eq(commissionRules.workspaceId, sql.placeholder('workspaceId')), eq(commissionRules.campaignId, sql.placeholder('campaignId'))))
    .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id)),
);

// The campaign's revenue basis with its rules, in the one statement a sale's earning reads when its
// rules are not kept: a campaign without rules is still one row (rule null).
const campaignTerms = preparedQuery('terms_of_campaign', (db) =>
  db
    .select({ rule: commissionRules, excludeTax: campaigns.commissionExcludesTax, excludeFees: campaigns.commissionExcludesFees })
    .from(campaigns)
    .leftJoin(commissionRules, and(eq(commissionRules.workspaceId, campaigns.workspaceId), eq(commissionRules.campaignId, campaigns.id)))
    .where(and(eq(campaigns.workspaceId, sql.placeholder('workspaceId')), eq(campaigns.id, sql.placeholder('campaignId'))))
    .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id)),
);

/** What a sale of a campaign earns by: its rules and its revenue basis (docs/commissions.md#revenue-basis). */
export type CampaignTerms = { rules: Rule[]; basis: BasisOptions };

/** The campaign's rules, oldest first, and its revenue basis; no campaign: no rules, the gross basis. */
export async function termsOfCampaign({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<CampaignTerms> {
  const rows = await campaignTerms(ctx.db).execute({ workspaceId: ctx.workspaceId, campaignId });
  const rules = rows.flatMap((r) => (r.rule ? [r.rule] : []));
  return { rules, basis: rows[0] ? { excludeTax: rows[0].excludeTax, excludeFees: rows[0].excludeFees } : GROSS_BASIS };
}

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
