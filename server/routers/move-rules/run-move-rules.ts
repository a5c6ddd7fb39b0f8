// POST /v1/move-rules/run: evaluate the move rules now; the moves are audited as the caller's
import { evaluateWorkspace } from '../../domain/groups/move-job';
import { workspaceProcedure } from '../../trpc/procedures';
import { runMoveRulesInput, runMoveRulesMeta, runMoveRulesOutput } from './run-move-rules.types';

export const runMoveRulesProcedure = workspaceProcedure('write')
  .meta(runMoveRulesMeta)
  .input(runMoveRulesInput)
  .output(runMoveRulesOutput)
  .mutation(async ({ ctx }) => {
    const { evaluated, moved, more } = await evaluateWorkspace(ctx.db, ctx.workspaceId, { actor: ctx.actor });
    return { object: 'move_rule_run' as const, data: { evaluated, moved, more } };
  });
