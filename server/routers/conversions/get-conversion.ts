// GET /v1/conversions/{id}: get a conversion
import { presentConversionDetail } from '../../contracts/conversion';
import { getConversion } from '../../domain/conversions/read';
import { workspaceProcedure } from '../../trpc/procedures';
import { getConversionInput, getConversionMeta, getConversionOutput } from './get-conversion.types';

export const getConversionProcedure = workspaceProcedure('read')
  .meta(getConversionMeta)
  .input(getConversionInput)
  .output(getConversionOutput)
  .query(async ({ ctx, input }) => ({
    object: 'conversion' as const,
    data: presentConversionDetail(await getConversion({ ctx, id: input.id })),
  }));
