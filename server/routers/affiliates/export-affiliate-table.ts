// dashboard-only: the affiliates list view as CSV (the same filters and order, at most MAX_CSV_ROWS rows)
import { affiliateQuery, MAX_CSV_ROWS } from '../../contracts/list-views';
import { affiliateTable } from '../../domain/affiliates/list';
import { affiliatesCsv } from '../../domain/lists/csv-exports';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportAffiliateTableInput, exportAffiliateTableOutput } from './export-affiliate-table.types';

export const exportAffiliateTableProcedure = workspaceProcedure('read', 'replica')
  .input(exportAffiliateTableInput)
  .output(exportAffiliateTableOutput)
  .query(async ({ ctx, input }) => {
    const { currency, rows } = await affiliateTable({ ctx, query: { ...affiliateQuery(input), ids: input.ids }, page: { limit: MAX_CSV_ROWS, offset: 0 } });
    return affiliatesCsv(rows, currency);
  });
