import { router } from '../../trpc/init';
import { getCommissionProcedure } from './get-commission';
import { listCommissionsProcedure } from './list-commissions';
import { reviewCommissionsProcedure } from './review-commissions';
import { updateCommissionProcedure } from './update-commission';
import { exportCommissionTableProcedure } from './export-commission-table';
import { listCommissionTableProcedure } from './list-commission-table';

export const commissionsRouter = router({
  list: listCommissionsProcedure,
  get: getCommissionProcedure,
  update: updateCommissionProcedure,
  bulkReview: reviewCommissionsProcedure,
  // dashboard-only list view (no OpenAPI meta)
  table: listCommissionTableProcedure,
  tableCsv: exportCommissionTableProcedure,
});
