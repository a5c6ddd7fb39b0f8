// dashboard-only: conversions with affiliate, campaign and commission by name; search, sort, filters, pages
import { conversionQuery, presentConversionRow } from '../../contracts/list-views';
import { conversionTable } from '../../domain/conversions/list';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listConversionTableInput, listConversionTableOutput } from './list-conversion-table.types';

export const listConversionTableProcedure = workspaceProcedure('read')
  .input(listConversionTableInput)
  .output(listConversionTableOutput)
  .query(({ ctx, input }) =>
    listPage('conversions', input, (limit, offset) => conversionTable({ ctx, query: conversionQuery(input), page: { limit, offset } }), presentConversionRow),
  );
