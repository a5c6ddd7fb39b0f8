// DELETE /v1/move-rules/{id}: delete a move rule
import { presentMoveRule } from '../../contracts/move-rule';
import { deleteMoveRule } from '../../domain/groups/write-move-rules';
import { workspaceProcedure } from '../../trpc/procedures';
import { deleteMoveRuleInput, deleteMoveRuleMeta, deleteMoveRuleOutput } from './delete-move-rule.types';

export const deleteMoveRuleProcedure = workspaceProcedure('write')
  .meta(deleteMoveRuleMeta)
  .input(deleteMoveRuleInput)
  .output(deleteMoveRuleOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'move_rule' as const,
    data: presentMoveRule(await deleteMoveRule({ ctx, id: input.id })),
    deleted: true as const,
  }));
