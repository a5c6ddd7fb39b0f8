// POST /v1/payouts/{id}/status: settle (paid) or release (failed, canceled) a pending payout
import { presentWorkspacePayout } from '../../contracts/payout';
import { settlePayout } from '../../domain/payouts/settle-payout';
import { workspaceProcedure } from '../../trpc/procedures';
import { setPayoutStatusInput, setPayoutStatusMeta, setPayoutStatusOutput } from './set-payout-status.types';

export const setPayoutStatusProcedure = workspaceProcedure('write')
  .meta(setPayoutStatusMeta)
  .input(setPayoutStatusInput)
  .output(setPayoutStatusOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'payout' as const,
    data: presentWorkspacePayout(await settlePayout({ ctx, id: input.id, outcome: input.status, reference: input.reference ?? null })),
  }));
