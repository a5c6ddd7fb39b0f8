// PATCH /v1/move-rules/{id}: change a move rule
import { presentMoveRule } from '../../contracts/move-rule';
import { updateMoveRule } from '../../domain/groups/write-move-rules';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateMoveRuleInput, updateMoveRuleMeta, updateMoveRuleOutput } from './update-move-rule.types';

export const updateMoveRuleProcedure = workspaceProcedure('write')
  .meta(updateMoveRuleMeta)
  .input(updateMoveRuleInput)
  .output(updateMoveRuleOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateMoveRule({
      ctx,
      id: input.id,
      patch: { groupId: input.group_id, targetGroupId: input.target_group_id, conditions: input.conditions, position: input.position, active: input.active },
    });
    return { object: 'move_rule' as const, data: presentMoveRule(row) };
  });
