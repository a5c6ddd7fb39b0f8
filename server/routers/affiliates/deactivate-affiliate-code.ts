// POST /v1/affiliates/{id}/codes/{code_id}/deactivate: deactivate one of the affiliate's codes (idempotent)
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { deactivateCode } from '../../domain/codes/write-codes';
import { workspaceProcedure } from '../../trpc/procedures';
import { deactivateAffiliateCodeInput, deactivateAffiliateCodeMeta, deactivateAffiliateCodeOutput } from './deactivate-affiliate-code.types';

export const deactivateAffiliateCodeProcedure = workspaceProcedure('write')
  .meta(deactivateAffiliateCodeMeta)
  .input(deactivateAffiliateCodeInput)
  .output(deactivateAffiliateCodeOutput)
  .mutation(async ({ ctx, input }) => {
    const code = await deactivateCode({ ctx, affiliateId: input.id, codeId: input.code_id });
    return { object: 'affiliate_code' as const, data: presentAffiliateCode(code) };
  });
