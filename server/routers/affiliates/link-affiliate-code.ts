// POST /v1/affiliates/{id}/codes/link: link a Stripe promotion code or Paddle discount to the affiliate
import { presentLinkedCode } from '../../contracts/code-link';
import { linkProviderCode } from '../../integrations/codes/link';
import { workspaceProcedure } from '../../trpc/procedures';
import { linkAffiliateCodeInput, linkAffiliateCodeMeta, linkAffiliateCodeOutput } from './link-affiliate-code.types';

export const linkAffiliateCodeProcedure = workspaceProcedure('write')
  .meta(linkAffiliateCodeMeta)
  .input(linkAffiliateCodeInput)
  .output(linkAffiliateCodeOutput)
  .mutation(async ({ ctx, input }) => {
    const { code, link } = await linkProviderCode({ ctx, affiliateId: input.id, provider: input.provider, providerCodeId: input.provider_code_id });
    return { object: 'affiliate_code' as const, data: presentLinkedCode(code, [link]) };
  });
