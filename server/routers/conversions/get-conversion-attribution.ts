// GET /v1/conversions/{id}/attribution: the attribution receipt of a conversion
import { presentAttribution } from '../../contracts/attribution';
import { getConversion } from '../../domain/conversions/read';
import { workspaceProcedure } from '../../trpc/procedures';
import {
  getConversionAttributionInput,
  getConversionAttributionMeta,
  getConversionAttributionOutput,
} from './get-conversion-attribution.types';

export const getConversionAttributionProcedure = workspaceProcedure('read')
  .meta(getConversionAttributionMeta)
  .input(getConversionAttributionInput)
  .output(getConversionAttributionOutput)
  .query(async ({ ctx, input }) => ({
    object: 'attribution' as const,
    data: presentAttribution(await getConversion({ ctx, id: input.id })),
  }));
