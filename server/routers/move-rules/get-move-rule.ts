// GET /v1/move-rules/{id}: get a move rule
import { presentMoveRule } from '../../contracts/move-rule';
import { getMoveRule } from '../../domain/groups/write-move-rules';
import { workspaceProcedure } from '../../trpc/procedures';
import { getMoveRuleInput, getMoveRuleMeta, getMoveRuleOutput } from './get-move-rule.types';

export const getMoveRuleProcedure = workspaceProcedure('read')
  .meta(getMoveRuleMeta)
  .input(getMoveRuleInput)
  .output(getMoveRuleOutput)
  .query(async ({ ctx, input }) => ({ object: 'move_rule' as const, data: presentMoveRule(await getMoveRule(ctx, input.id)) }));
