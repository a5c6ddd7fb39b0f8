import { router } from '../../trpc/init';
import { bulkPayoutStatusProcedure } from './bulk-payout-status';
import { createPayoutsProcedure } from './create-payouts';
import { exportCurrenciesProcedure } from './export-currencies';
import { exportPayoutsProcedure } from './export-payouts';
import { exportTaxFormsProcedure } from './export-tax-forms';
import { getPayoutProcedure } from './get-payout';
import { listPayoutsProcedure } from './list-payouts';
import { previewPayoutsProcedure } from './preview-payouts';
import { sendBatchProcedure } from './send-batch';
import { setPayoutStatusProcedure } from './set-payout-status';
import { undoPayoutProcedure } from './undo-payout';

export const payoutsRouter = router({
  create: createPayoutsProcedure,
  preview: previewPayoutsProcedure,
  list: listPayoutsProcedure,
  get: getPayoutProcedure,
  setStatus: setPayoutStatusProcedure,
  bulkStatus: bulkPayoutStatusProcedure,
  undo: undoPayoutProcedure,
  exportCsv: exportPayoutsProcedure,
  exportCurrencies: exportCurrenciesProcedure,
  taxExport: exportTaxFormsProcedure,
  sendBatch: sendBatchProcedure,
});
