import { router } from '../../trpc/init';
import { getCommissionProcedure } from './get-commission';
import { listCommissionsProcedure } from './list-commissions';
import { reviewCommissionsProcedure } from './review-commissions';
import { updateCommissionProcedure } from './update-commission';

export const commissionsRouter = router({
  list: listCommissionsProcedure,
  get: getCommissionProcedure,
  update: updateCommissionProcedure,
  bulkReview: reviewCommissionsProcedure,
});
