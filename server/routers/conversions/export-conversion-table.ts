// dashboard-only: the conversions list view as CSV (the same filters and order, at most MAX_CSV_ROWS rows)
import { conversionQuery, MAX_CSV_ROWS } from '../../contracts/list-views';
import { conversionTable } from '../../domain/conversions/list';
import { conversionsCsv } from '../../domain/lists/csv-exports';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportConversionTableInput, exportConversionTableOutput } from './export-conversion-table.types';

export const exportConversionTableProcedure = workspaceProcedure('read', 'replica')
  .input(exportConversionTableInput)
  .output(exportConversionTableOutput)
  .query(async ({ ctx, input }) => conversionsCsv(await conversionTable({ ctx, query: conversionQuery(input), page: { limit: MAX_CSV_ROWS, offset: 0 } })));
