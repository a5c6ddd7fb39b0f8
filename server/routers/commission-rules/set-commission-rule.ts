// PUT /v1/campaigns/{id}/commission-rule: set one of a campaign's rules, from its own terms or a library reward
import { presentCommissionRule } from '../../contracts/rule';
import { setCommissionRule } from '../../domain/rules/set-rule';
import { workspaceProcedure } from '../../trpc/procedures';
import { setCommissionRuleInput, setCommissionRuleMeta, setCommissionRuleOutput } from './set-commission-rule.types';

export const setCommissionRuleProcedure = workspaceProcedure('write')
  .meta(setCommissionRuleMeta)
  .input(setCommissionRuleInput)
  .output(setCommissionRuleOutput)
  .mutation(async ({ ctx, input: { id, ...change } }) =>
    presentCommissionRule(await setCommissionRule({ ctx, campaignId: id, change })),
  );
