import { z } from 'zod';
import { MAX_OVERRIDES_SHOWN, MAX_RULES_PER_CAMPAIGN } from './limits';
import type { campaigns, commissionRules, products } from '@/db/schema';
import { iso, list, name, referenceId, text, timestamp, uuid } from './common';
import { presentProductOverride, productOverride, providerProductId } from './product';
import { deliveryFields, presentDelivery, presentTerms, rewardType, termsFields, termsInput } from './terms';
import { RULE_KINDS } from '../model/enums';

export const ruleKind = z.enum(RULE_KINDS);

export const ruleRecord = z
  .object({
    id: uuid,
    name: text(200),
    kind: ruleKind,
    group_id: uuid.nullable().describe("the partner group whose override this is; null: the campaign's own rule (docs/groups-bounties-recruiters.md#group-commission-rules)"),
    ...termsFields,
    product_ids: z.array(text(200)).max(50),
    reward_id: uuid.nullable().describe('the library reward the terms were copied from'),
    reward_type: rewardType,
    ...deliveryFields,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'CommissionRule' });

/** PUT body: a library reward to copy, or the rule's own terms (upserted by kind and scope). */
export const ruleChange = z.strictObject({
  library_reward_id: uuid.optional().describe('copy this library reward\'s terms; excludes name and the terms fields'),
  name: name.optional(),
  kind: ruleKind.optional().describe('default (catch-all, the default), product or interval'),
  group_id: referenceId.nullable().optional().describe("a partner group: the rule overrides the campaign's for its affiliates; absent or null: the campaign's own rule"),
  ...termsInput.shape,
  product_ids: list(providerProductId).optional().describe('provider product ids; required for kind product only'),
});
export type RuleChange = z.infer<typeof ruleChange>;

export const commissionRuleBody = z.object({
  object: z.literal('commission_rule'),
  campaign: text(200).describe('the campaign name'),
  data: ruleRecord.nullable().describe("the campaign's own catch-all (kind default) rule, null when none is set"),
  rules: z.array(ruleRecord).max(MAX_RULES_PER_CAMPAIGN),
  product_overrides: z.array(productOverride).max(MAX_OVERRIDES_SHOWN).describe(`the oldest ${MAX_OVERRIDES_SHOWN} products redirected to this campaign`),
});

type RuleRow = typeof commissionRules.$inferSelect;

export const presentRule = (row: RuleRow): z.infer<typeof ruleRecord> => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  group_id: row.groupId,
  ...presentTerms(row),
  product_ids: row.productIds,
  reward_id: row.rewardId,
  reward_type: row.rewardType,
  ...presentDelivery(row),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export const presentCommissionRule = (view: {
  campaign: typeof campaigns.$inferSelect;
  rules: RuleRow[];
  overrides: (typeof products.$inferSelect)[];
}): z.infer<typeof commissionRuleBody> => {
  const catchAll = view.rules.find((r) => r.kind === 'default' && !r.groupId);
  return {
    object: 'commission_rule',
    campaign: view.campaign.name,
    data: catchAll ? presentRule(catchAll) : null,
    rules: view.rules.map(presentRule),
    product_overrides: view.overrides.map(presentProductOverride),
  };
};
