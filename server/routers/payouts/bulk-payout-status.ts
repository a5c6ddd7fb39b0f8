// POST /v1/payouts/bulk-status: mark up to 100 pending payouts paid, failed or canceled in one transaction
import { presentWorkspacePayout } from '../../contracts/payout';
import { settlePayouts } from '../../domain/payouts/settle-payout';
import { workspaceProcedure } from '../../trpc/procedures';
import { bulkPayoutStatusInput, bulkPayoutStatusMeta, bulkPayoutStatusOutput } from './bulk-payout-status.types';

export const bulkPayoutStatusProcedure = workspaceProcedure('write')
  .meta(bulkPayoutStatusMeta)
  .input(bulkPayoutStatusInput)
  .output(bulkPayoutStatusOutput)
  .mutation(async ({ ctx, input }) => {
    const rows = await settlePayouts({ ctx, ids: input.ids, outcome: input.status, reference: input.reference ?? null });
    // The list envelope of every list answer; the whole result fits in one page.
    return { object: 'list' as const, resource: 'payouts', limit: rows.length, offset: 0, has_more: false, data: rows.map(presentWorkspacePayout) };
  });
