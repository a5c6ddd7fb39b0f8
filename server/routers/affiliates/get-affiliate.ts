// GET /v1/affiliates/{id}: get an affiliate
import { presentAffiliate } from '../../contracts/affiliate';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { workspaceProcedure } from '../../trpc/procedures';
import { getAffiliateInput, getAffiliateMeta, getAffiliateOutput } from './get-affiliate.types';

export const getAffiliateProcedure = workspaceProcedure('read')
  .meta(getAffiliateMeta)
  .input(getAffiliateInput)
  .output(getAffiliateOutput)
  .query(async ({ ctx, input }) => ({
    object: 'affiliate' as const,
    data: presentAffiliate(await getAffiliate({ ctx, id: input.id })),
  }));
