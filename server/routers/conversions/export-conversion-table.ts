// dashboard-only: the conversions list view as CSV (the same filters and order, at most MAX_CSV_ROWS rows)
import { z } from 'zod';
import { MAX_CSV_ROWS } from '../../contracts/list-views';
import { conversionTable } from '../../domain/lists/conversion-table';
import { conversionsCsv } from '../../domain/lists/csv-exports';
import { onReplica, workspaceProcedure } from '../../trpc/procedures';
import { conversionCsvInput, conversionQuery } from './conversion-table.types';

export const exportConversionTableProcedure = workspaceProcedure('read')
  .use(onReplica)
  .input(conversionCsvInput)
  .output(z.string().max(20_000_000))
  .query(async ({ ctx, input }) => conversionsCsv(await conversionTable({ ctx, query: conversionQuery(input), page: { limit: MAX_CSV_ROWS, offset: 0 } })));
