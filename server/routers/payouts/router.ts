import { router } from '../../trpc/init';
import { createPayoutsProcedure } from './create-payouts';
import { exportPayoutsProcedure } from './export-payouts';
import { exportTaxFormsProcedure } from './export-tax-forms';
import { getPayoutProcedure } from './get-payout';
import { listPayoutsProcedure } from './list-payouts';
import { previewPayoutsProcedure } from './preview-payouts';
import { sendBatchProcedure } from './send-batch';
import { setPayoutStatusProcedure } from './set-payout-status';

export const payoutsRouter = router({
  create: createPayoutsProcedure,
  preview: previewPayoutsProcedure,
  list: listPayoutsProcedure,
  get: getPayoutProcedure,
  setStatus: setPayoutStatusProcedure,
  exportCsv: exportPayoutsProcedure,
  taxExport: exportTaxFormsProcedure,
  sendBatch: sendBatchProcedure,
});
