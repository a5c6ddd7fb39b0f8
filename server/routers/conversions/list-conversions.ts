// GET /v1/conversions: list conversions, filtered by status, affiliate, campaign and time
import { presentConversionDetail, storedConversionStatus } from '../../contracts/conversion';
import { listConversions } from '../../domain/conversions/list';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listConversionsInput, listConversionsMeta, listConversionsOutput } from './list-conversions.types';

export const listConversionsProcedure = workspaceProcedure('read')
  .meta(listConversionsMeta)
  .input(listConversionsInput)
  .output(listConversionsOutput)
  .query(({ ctx, input }) => {
    const filter = {
      status: input.status && storedConversionStatus(input.status),
      affiliateId: input.affiliate_id,
      campaignId: input.campaign_id,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
      includeTest: input.include_test,
    };
    return listPage('conversions', input, (limit, offset) => listConversions({ ctx, filter, page: { limit, offset } }), presentConversionDetail);
  });
