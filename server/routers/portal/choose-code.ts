// dashboard-only (portal): the affiliate chooses its own coupon code, or renames one it holds
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { createCode, renameCode } from '../../domain/codes/write-codes';
import { portalProcedure } from '../../trpc/procedures';
import { chooseCodeInput, chooseCodeOutput } from './choose-code.types';

export const chooseCodeProcedure = portalProcedure
  .input(chooseCodeInput)
  .output(chooseCodeOutput)
  .mutation(async ({ ctx, input }) => {
    const affiliateId = ctx.affiliateId;
    const code = input.replaces
      ? (await renameCode({ ctx, affiliateId, codeId: input.replaces, code: input.code, source: 'affiliate' })).code
      : await createCode({ ctx, affiliateId, code: input.code, source: 'affiliate' });
    return { object: 'affiliate_code' as const, data: presentAffiliateCode(code) };
  });
