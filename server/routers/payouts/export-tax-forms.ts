// GET /v1/payouts/tax-export.csv: the year's 1099-NEC lines, tax ids unsealed (write scope)
import { taxExportCsv } from '../../domain/tax-forms/tax-export';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportTaxFormsInput, exportTaxFormsMeta, exportTaxFormsOutput } from './export-tax-forms.types';

export const exportTaxFormsProcedure = workspaceProcedure('write')
  .meta(exportTaxFormsMeta)
  .input(exportTaxFormsInput)
  .output(exportTaxFormsOutput)
  .query(async ({ ctx, input }) => {
    ctx.response.contentType = 'text/csv; charset=utf-8';
    ctx.response.headers['Content-Disposition'] = `attachment; filename="refcount-1099-nec-${input.year}.csv"`;
    // Tax ids must not sit in a shared or browser cache.
    ctx.response.headers['Cache-Control'] = 'no-store';
    return taxExportCsv({ ctx, year: input.year });
  });
