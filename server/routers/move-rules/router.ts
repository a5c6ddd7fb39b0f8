import { router } from '../../trpc/init';
import { createMoveRuleProcedure } from './create-move-rule';
import { deleteMoveRuleProcedure } from './delete-move-rule';
import { getMoveRuleProcedure } from './get-move-rule';
import { listMoveRulesProcedure } from './list-move-rules';
import { runMoveRulesProcedure } from './run-move-rules';
import { updateMoveRuleProcedure } from './update-move-rule';

export const moveRulesRouter = router({
  list: listMoveRulesProcedure,
  create: createMoveRuleProcedure,
  run: runMoveRulesProcedure,
  get: getMoveRuleProcedure,
  update: updateMoveRuleProcedure,
  delete: deleteMoveRuleProcedure,
});
