// POST /v1/conversions/{id}/refund: refund a conversion addressed by id (the dashboard's refund form)
import { presentConversionDetail } from '../../contracts/conversion';
import { refundConversionById } from '../../domain/conversions/refund';
import { workspaceProcedure } from '../../trpc/procedures';
import { refundConversionInput, refundConversionMeta, refundConversionOutput } from './refund-conversion.types';

export const refundConversionProcedure = workspaceProcedure('write')
  .meta(refundConversionMeta)
  .input(refundConversionInput)
  .output(refundConversionOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await refundConversionById({ ctx, id: input.id, input: { amount: input.amount, reason: input.reason } });
    return { object: 'conversion' as const, data: presentConversionDetail(row) };
  });
