// PATCH /v1/conversions/{id}: re-attribute a conversion or change its status
import { presentConversionDetail } from '../../contracts/conversion';
import { invalid } from '../../errors/errors';
import { updateConversion } from '../../domain/conversions/update';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateConversionInput, updateConversionMeta, updateConversionOutput } from './update-conversion.types';

export const updateConversionProcedure = workspaceProcedure('write')
  .meta(updateConversionMeta)
  .input(updateConversionInput)
  .output(updateConversionOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.status === undefined && input.affiliate_id === undefined) throw invalid('body', 'send affiliate_id and/or status');
    const row = await updateConversion({ ctx, id: input.id, patch: { status: input.status, affiliateId: input.affiliate_id } });
    return { object: 'conversion' as const, data: presentConversionDetail(row) };
  });
