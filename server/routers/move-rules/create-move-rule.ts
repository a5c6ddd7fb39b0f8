// POST /v1/move-rules: create a move rule for a group
import { presentMoveRule } from '../../contracts/move-rule';
import { createMoveRule } from '../../domain/groups/write-move-rules';
import { workspaceProcedure } from '../../trpc/procedures';
import { createMoveRuleInput, createMoveRuleMeta, createMoveRuleOutput } from './create-move-rule.types';

export const createMoveRuleProcedure = workspaceProcedure('write')
  .meta(createMoveRuleMeta)
  .input(createMoveRuleInput)
  .output(createMoveRuleOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createMoveRule({
      ctx,
      input: { groupId: input.group_id, targetGroupId: input.target_group_id, conditions: input.conditions, position: input.position, active: input.active },
    });
    return { object: 'move_rule' as const, data: presentMoveRule(row) };
  });
