import { and, eq, sql } from 'drizzle-orm';
import { affiliates, products } from '@/db/schema';
import { preparedQuery } from '../../../lib/prepared-query';
import type { WorkspaceCtx } from '../../context';
import { hasGroupRules, ruleForSale } from '../../rules/rule-for-sale';
import { termsUnderVersion } from '../../rules/kept-rules';
import type { Rule } from '../../rules/rules';
import type { Settings } from '../../settings/settings';
import { percentOf } from '../../../model/money';
import type { BillingInterval } from '../../../model/enums';
import { revenueBasis, type RevenueBasis } from './revenue-basis';

export type Sale = {
  amount: number;
  /** What the sale reports of tax included in `amount` and of the provider's fee; null or absent: not reported. */
  tax?: number | null;
  fee?: number | null;
  currency: string;
  productId: string | null;
  interval: BillingInterval | null;
  ts: Date;
  periodIndex: number;
  firstPaymentAt: Date;
};

export type Earning = {
  amount: number;
  currency: string;
  rule: Pick<Rule, 'id' | 'kind' | 'name' | 'isFlat' | 'amount' | 'lengthType' | 'lengthMonths' | 'rewardType'> | null;
  rateCampaignId: string | null;
  reason: string;
  /** What a percent rule was a percent of (docs/commissions.md#revenue-basis); null for a flat rule or no rule. */
  revenue: RevenueBasis | null;
};

const nothing = (reason: string, rateCampaignId: string | null = null, rule: Earning['rule'] = null, currency = ''): Earning =>
  ({ amount: 0, currency, rule, rateCampaignId, reason, revenue: null });

// The affiliate's partner group now, the sale's time: read only when the campaign has group rules,
// so a program without them pays no statement for groups (docs/groups-bounties-recruiters.md#group-commission-rules).
const groupOfAffiliate = preparedQuery('group_of_affiliate', (db) =>
  db
    .select({ groupId: affiliates.groupId })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, sql.placeholder('workspaceId')), eq(affiliates.id, sql.placeholder('affiliateId')))),
);

function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/**
 * What a sale earns for an affiliate of `campaignId` (docs/campaigns-and-rules.md#what-a-sale-earns):
 * the product catalog policy first (not commissionable, redirected to another campaign's rate,
 * unmapped products), then the rule by precedence, then the rule's length against the customer's
 * first payment. A percent rule applies to the revenue basis of the campaign whose rate it is.
 */
export async function computeEarning({ ctx, settings, campaignId, sale, affiliateId = null }: {
  ctx: WorkspaceCtx;
  settings: Settings;
  campaignId: string | null;
  sale: Sale;
  /** The earner, whose partner group's rules beat the campaign's own; null: the campaign's rules only. */
  affiliateId?: string | null;
}): Promise<Earning> {
  let rateCampaignId = campaignId;
  if (sale.productId) {
    const [product] = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.providerProductId, sale.productId)));
    if (product && !product.commissionable) return nothing('product_not_commissionable', rateCampaignId);
    if (product?.campaignId) rateCampaignId = product.campaignId;
    if (!product && !settings.commissionUnmappedProducts) return nothing('unmapped_product', rateCampaignId);
  }
  if (!rateCampaignId) return nothing('no_campaign');
  const { rules, basis } = await termsUnderVersion({ ctx, campaignId: rateCampaignId, version: settings.rulesVersion });
  let groupId: string | null = null;
  if (affiliateId && hasGroupRules(rules)) {
    const [row] = await groupOfAffiliate(ctx.db).execute({ workspaceId: ctx.workspaceId, affiliateId });
    groupId = row?.groupId ?? null;
  }
  const rule = ruleForSale({ rules, productId: sale.productId, interval: sale.interval, groupId });
  if (!rule) return nothing('no_rule', rateCampaignId);
  const currency = rule.isFlat ? (rule.currency ?? settings.currency) : sale.currency;
  if (rule.lengthType === 'one_time' && sale.periodIndex > 0) return nothing('one_time_rule_after_first_payment', rateCampaignId, rule, currency);
  if (rule.lengthType === 'limited' && sale.ts >= addMonths(sale.firstPaymentAt, rule.lengthMonths ?? 0)) {
    return nothing('limited_rule_expired', rateCampaignId, rule, currency);
  }
  if (rule.isFlat) return { amount: rule.amount, currency, rule, rateCampaignId, reason: 'rule', revenue: null };
  const revenue = revenueBasis(sale, basis);
  return { amount: percentOf(revenue.basis, rule.amount), currency, rule, rateCampaignId, reason: 'rule', revenue };
}
