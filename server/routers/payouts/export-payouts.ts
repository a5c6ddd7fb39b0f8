// GET /v1/payouts/export.csv: pending payouts as a PayPal mass-payout file
import { pendingPayoutsCsv } from '../../domain/payouts/export-csv';
import { workspaceProcedure } from '../../trpc/procedures';
import { exportPayoutsInput, exportPayoutsMeta, exportPayoutsOutput } from './export-payouts.types';

export const exportPayoutsProcedure = workspaceProcedure('read', 'replica')
  .meta(exportPayoutsMeta)
  .input(exportPayoutsInput)
  .output(exportPayoutsOutput)
  .query(async ({ ctx, input }) => {
    ctx.response.contentType = 'text/csv; charset=utf-8';
    // One currency's file is named for it (refcount-payouts-usd.csv), as PayPal wants one currency a file.
    ctx.response.headers['Content-Disposition'] = `attachment; filename="refcount-payouts${input.currency ? `-${input.currency}` : ''}.csv"`;
    return pendingPayoutsCsv({ ctx, currency: input.currency });
  });
