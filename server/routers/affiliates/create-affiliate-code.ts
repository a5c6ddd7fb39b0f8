// POST /v1/affiliates/{id}/codes: give the affiliate a coupon code (chosen, or generated from its ref code)
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { createCode } from '../../domain/codes/write-codes';
import { workspaceProcedure } from '../../trpc/procedures';
import { createAffiliateCodeInput, createAffiliateCodeMeta, createAffiliateCodeOutput } from './create-affiliate-code.types';

export const createAffiliateCodeProcedure = workspaceProcedure('write')
  .meta(createAffiliateCodeMeta)
  .input(createAffiliateCodeInput)
  .output(createAffiliateCodeOutput)
  .mutation(async ({ ctx, input }) => {
    const code = await createCode({ ctx, affiliateId: input.id, code: input.code, source: 'manager' });
    return { object: 'affiliate_code' as const, data: presentAffiliateCode(code) };
  });
