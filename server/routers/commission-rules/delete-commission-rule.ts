// DELETE /v1/campaigns/{id}/commission-rule/{rule_id}: remove one rule of a campaign
import { presentRule } from '../../contracts/rule';
import { deleteCommissionRule } from '../../domain/rules/delete-rule';
import { workspaceProcedure } from '../../trpc/procedures';
import { deleteCommissionRuleInput, deleteCommissionRuleMeta, deleteCommissionRuleOutput } from './delete-commission-rule.types';

export const deleteCommissionRuleProcedure = workspaceProcedure('write')
  .meta(deleteCommissionRuleMeta)
  .input(deleteCommissionRuleInput)
  .output(deleteCommissionRuleOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'commission_rule' as const,
    data: presentRule(await deleteCommissionRule({ ctx, campaignId: input.id, ruleId: input.rule_id })),
    deleted: true as const,
  }));
