import { router } from '../../trpc/init';
import { deleteCommissionRuleProcedure } from './delete-commission-rule';
import { getCommissionRuleProcedure } from './get-commission-rule';
import { previewCommissionRuleProcedure } from './preview-commission-rule';
import { setCommissionRuleProcedure } from './set-commission-rule';

export const commissionRulesRouter = router({
  get: getCommissionRuleProcedure,
  set: setCommissionRuleProcedure,
  delete: deleteCommissionRuleProcedure,
  preview: previewCommissionRuleProcedure,
});
