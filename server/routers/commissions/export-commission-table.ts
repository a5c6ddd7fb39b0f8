// dashboard-only: the commissions list view as CSV (the same filters and order, at most MAX_CSV_ROWS rows)
import { commissionQuery, MAX_CSV_ROWS } from '../../contracts/list-views';
import { commissionTable } from '../../domain/commissions/list';
import { commissionsCsv } from '../../domain/lists/csv-exports';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportCommissionTableInput, exportCommissionTableOutput } from './export-commission-table.types';

export const exportCommissionTableProcedure = workspaceProcedure('read', 'replica')
  .input(exportCommissionTableInput)
  .output(exportCommissionTableOutput)
  .query(async ({ ctx, input }) => commissionsCsv(await commissionTable({ ctx, query: commissionQuery(input), page: { limit: MAX_CSV_ROWS, offset: 0 } })));
