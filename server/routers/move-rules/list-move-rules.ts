// GET /v1/move-rules: the move rules, optionally one group's, in priority order
import { presentMoveRule } from '../../contracts/move-rule';
import { listMoveRules } from '../../domain/groups/write-move-rules';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listMoveRulesInput, listMoveRulesMeta, listMoveRulesOutput } from './list-move-rules.types';

export const listMoveRulesProcedure = workspaceProcedure('read')
  .meta(listMoveRulesMeta)
  .input(listMoveRulesInput)
  .output(listMoveRulesOutput)
  .query(({ ctx, input }) =>
    listPage('move_rules', input, (limit, offset) => listMoveRules({ ctx, groupId: input.group_id, page: { limit, offset } }), presentMoveRule),
  );
