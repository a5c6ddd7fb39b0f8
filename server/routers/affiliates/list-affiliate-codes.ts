// GET /v1/affiliates/{id}/codes: the affiliate's coupon codes, newest first
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { listCodes } from '../../domain/codes/store';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listAffiliateCodesInput, listAffiliateCodesMeta, listAffiliateCodesOutput } from './list-affiliate-codes.types';

export const listAffiliateCodesProcedure = workspaceProcedure('read')
  .meta(listAffiliateCodesMeta)
  .input(listAffiliateCodesInput)
  .output(listAffiliateCodesOutput)
  .query(async ({ ctx, input }) => {
    const affiliate = await getAffiliate({ ctx, id: input.id });
    return listPage('affiliate_codes', input, (limit, offset) => listCodes({ ctx, affiliateId: affiliate.id, page: { limit, offset } }), presentAffiliateCode);
  });
