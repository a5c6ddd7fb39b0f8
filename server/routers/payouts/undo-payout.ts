// POST /v1/payouts/{id}/undo: set a payout marked paid by hand back to pending within 24 hours
import { presentWorkspacePayout } from '../../contracts/payout';
import { undoPayout } from '../../domain/payouts/settle-payout';
import { workspaceProcedure } from '../../trpc/procedures';
import { undoPayoutInput, undoPayoutMeta, undoPayoutOutput } from './undo-payout.types';

export const undoPayoutProcedure = workspaceProcedure('write')
  .meta(undoPayoutMeta)
  .input(undoPayoutInput)
  .output(undoPayoutOutput)
  .mutation(async ({ ctx, input }) => ({ object: 'payout' as const, data: presentWorkspacePayout(await undoPayout({ ctx, id: input.id })) }));
