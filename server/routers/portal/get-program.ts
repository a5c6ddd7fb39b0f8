// dashboard-only (portal): the program's name, logo and colour for the portal's header, and the affiliate's deal in words
import { presentProgramBrand } from '../../contracts/program-brand';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { campaignTermsInWords } from '../../domain/rules/terms-words';
import { programBrand } from '../../domain/settings/program-brand';
import { readSettings } from '../../domain/settings/settings';
import { notFound } from '../../errors/errors';
import { portalProcedure } from '../../trpc/procedures';
import { getProgramInput, getProgramOutput } from './get-program.types';

export const getProgramProcedure = portalProcedure
  .input(getProgramInput)
  .output(getProgramOutput)
  .query(async ({ ctx }) => {
    const brand = await programBrand({ ctx });
    if (!brand) throw notFound('program');
    const [affiliate, { currency }] = await Promise.all([getAffiliate({ ctx, id: ctx.affiliateId }), readSettings(ctx)]);
    return { data: { ...presentProgramBrand(brand), commission_terms: await campaignTermsInWords({ ctx, campaignId: affiliate.campaignId, currency }) } };
  });
