import { router } from '../../trpc/init';
import { getConversionProcedure } from './get-conversion';
import { getConversionAttributionProcedure } from './get-conversion-attribution';
import { listConversionsProcedure } from './list-conversions';
import { refundConversionProcedure } from './refund-conversion';
import { updateConversionProcedure } from './update-conversion';
import { exportConversionTableProcedure } from './export-conversion-table';
import { listConversionTableProcedure } from './list-conversion-table';

export const conversionsRouter = router({
  list: listConversionsProcedure,
  get: getConversionProcedure,
  attribution: getConversionAttributionProcedure,
  update: updateConversionProcedure,
  refund: refundConversionProcedure,
  // dashboard-only list view (no OpenAPI meta)
  table: listConversionTableProcedure,
  tableCsv: exportConversionTableProcedure,
});
