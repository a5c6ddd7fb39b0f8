// GET /v1/campaigns/{id}/commission-rule: the campaign's rules (catch-all, product, interval) and product overrides
import { presentCommissionRule } from '../../contracts/rule';
import { getCampaignRules } from '../../domain/rules/rules';
import { workspaceProcedure } from '../../trpc/procedures';
import { getCommissionRuleInput, getCommissionRuleMeta, getCommissionRuleOutput } from './get-commission-rule.types';

export const getCommissionRuleProcedure = workspaceProcedure('read')
  .meta(getCommissionRuleMeta)
  .input(getCommissionRuleInput)
  .output(getCommissionRuleOutput)
  .query(async ({ ctx, input }) => presentCommissionRule(await getCampaignRules({ ctx, campaignId: input.id })));
