// POST /v1/payout-batches/{id}/send: send a batch's Stripe Connect and PayPal lines, once
import { presentWorkspacePayout } from '../../contracts/payout';
import { sendBatch } from '../../domain/payouts/send-batch';
import { withCommissionIds } from '../../domain/payouts/payouts';
import { workspaceRails } from '../../integrations/payout-rails';
import { workspaceProcedure } from '../../trpc/procedures';
import { sendBatchInput, sendBatchMeta, sendBatchOutput } from './send-batch.types';

export const sendBatchProcedure = workspaceProcedure('payouts')
  .meta(sendBatchMeta)
  .input(sendBatchInput)
  .output(sendBatchOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await sendBatch({ ctx, batchId: input.id, rails: await workspaceRails(ctx) });
    const sent = await withCommissionIds({ ctx, rows: result.sent });
    return { object: 'payout_batch_send' as const, batch_id: result.batchId, sent: sent.map(presentWorkspacePayout), skipped: result.skipped };
  });
