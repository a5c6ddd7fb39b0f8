// GET /v1/payouts/export-currencies: per currency, the pending payouts a CSV export would hold
import { exportCurrencies } from '../../domain/payouts/export-csv';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportCurrenciesInput, exportCurrenciesMeta, exportCurrenciesOutput } from './export-currencies.types';

export const exportCurrenciesProcedure = workspaceProcedure('read', 'replica')
  .meta(exportCurrenciesMeta)
  .input(exportCurrenciesInput)
  .output(exportCurrenciesOutput)
  .query(async ({ ctx }) => {
    const rows = await exportCurrencies({ ctx });
    return { object: 'list' as const, resource: 'payout_export_currencies', limit: rows.length, offset: 0, has_more: false, data: rows };
  });
