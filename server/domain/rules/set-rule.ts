import { and, eq, isNull } from 'drizzle-orm';
import { commissionRules } from '@/db/schema';
import { MAX_RULES_PER_CAMPAIGN } from '../../contracts/limits';
import { presentRule, type RuleChange } from '../../contracts/rule';
import { invalid, invalidState } from '../../errors/errors';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { referencedReward } from '../rewards/rewards';
import { readSettings } from '../settings/settings';
import { changeRulesOf } from './rule-campaign';
import { campaignRulesOf, type CampaignRules, type Rule } from './rules';
import { ruleScope } from './scope';
import { resolveTerms } from './terms';
import { referencedGroup } from '../references';

type RuleFields = Pick<
  Rule,
  | 'name' | 'kind' | 'scopeKey' | 'productIds' | 'rewardId' | 'rewardType' | 'delivery' | 'deliveryTarget' | 'deliveryMonths'
  | 'isFlat' | 'amount' | 'currency' | 'lengthType' | 'lengthMonths' | 'appliesToInterval'
>;

// With library_reward_id the reward supplies these; naming them too would be ambiguous.
const TERMS_OF_REWARD = ['name', 'amount', 'is_flat', 'currency', 'length_type', 'length_months'] as const;

const DEFAULT_NAMES: Record<Rule['kind'], string> = {
  default: 'Default commission',
  product: 'Product commission',
  interval: 'Interval commission',
};

async function fromReward(ctx: WorkspaceCtx, change: RuleChange, rewardId: string): Promise<RuleFields> {
  const given = TERMS_OF_REWARD.find((field) => change[field] !== undefined);
  if (given) throw invalid(given, 'not allowed with library_reward_id (the reward supplies it)');
  const reward = await referencedReward({ ctx, id: rewardId, field: 'library_reward_id' });
  const kind = change.kind ?? 'default';
  const interval = change.applies_to_interval ?? reward.appliesToInterval;
  return {
    name: reward.name,
    ...ruleScope(kind, change.product_ids, interval),
    rewardId: reward.id,
    rewardType: reward.type,
    // how it is delivered travels with the terms (docs/rewards-in-billing.md)
    delivery: reward.delivery,
    deliveryTarget: reward.deliveryTarget,
    deliveryMonths: reward.deliveryMonths,
    isFlat: reward.isFlat,
    amount: reward.amount,
    currency: reward.currency,
    lengthType: reward.lengthType,
    lengthMonths: reward.lengthMonths,
    appliesToInterval: interval,
  };
}

async function ownFields(ctx: WorkspaceCtx, change: RuleChange): Promise<RuleFields> {
  const { library_reward_id: _none, group_id: _group, name, kind = 'default', product_ids, ...terms } = change;
  const resolved = resolveTerms(terms, (await readSettings(ctx)).currency);
  return {
    name: name ?? DEFAULT_NAMES[kind],
    ...ruleScope(kind, product_ids, resolved.appliesToInterval),
    rewardId: null,
    rewardType: 'cash',
    delivery: 'payout',
    deliveryTarget: 'customer',
    deliveryMonths: null,
    ...resolved,
  };
}

/** PUT /v1/campaigns/{id}/commission-rule: upserts one rule by kind and scope. */
export async function setCommissionRule({ ctx, campaignId, change }: { ctx: ActingCtx; campaignId: string; change: RuleChange }): Promise<CampaignRules> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const campaign = await changeRulesOf({ ctx: { ...ctx, db: tx }, campaignId });
    const fields = change.library_reward_id ? await fromReward(inTx, change, change.library_reward_id) : await ownFields(inTx, change);
    const { kind: _k, scopeKey: _s, ...replaced } = fields;
    // a group's override (docs/groups-bounties-recruiters.md#group-commission-rules); null: the campaign's own
    const groupId = change.group_id ? (await referencedGroup(inTx, change.group_id)).id : null;
    // The campaign row is locked (changeRulesOf), so the rule read here is the one replaced.
    const [before] = await tx
      .select()
      .from(commissionRules)
      .where(and(eq(commissionRules.campaignId, campaign.id), groupId ? eq(commissionRules.groupId, groupId) : isNull(commissionRules.groupId), eq(commissionRules.kind, fields.kind), eq(commissionRules.scopeKey, fields.scopeKey)));
    const [rule] = await tx
      .insert(commissionRules)
      .values({ ...fields, workspaceId: ctx.workspaceId, campaignId: campaign.id, groupId })
      .onConflictDoUpdate({
        target: [commissionRules.campaignId, commissionRules.groupId, commissionRules.kind, commissionRules.scopeKey],
        set: { ...replaced, updatedAt: new Date() },
      })
      .returning();
    const target = { type: 'commission_rule', id: rule.id };
    if (before) await addAuditEntryIfChanged(tx, inTx, 'commission_rule.updated', target, presentRule(before), presentRule(rule));
    else await addAuditEntry(tx, inTx, 'commission_rule.created', target, { after: { campaign_id: campaign.id, ...presentRule(rule) } });
    const view = await campaignRulesOf({ ctx: inTx, campaign });
    // A bound on what GET .../commission-rule returns and the engine scans for every sale.
    if (view.rules.length > MAX_RULES_PER_CAMPAIGN) throw invalidState(`a campaign holds at most ${MAX_RULES_PER_CAMPAIGN} rules: change or delete one first`);
    return view;
  });
}
