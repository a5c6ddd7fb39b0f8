// GET /v1/affiliate/codes: the affiliate's own coupon codes, newest first
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import type { AffiliateCtx } from '../../domain/context';
import { listCodes } from '../../domain/codes/store';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateProcedure } from '../../trpc/procedures';
import { listMyCodesInput, listMyCodesMeta, listMyCodesOutput } from './list-my-codes.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyCodes = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('affiliate_codes', input, (limit, offset) => listCodes({ ctx, affiliateId: ctx.affiliateId, page: { limit, offset } }), presentAffiliateCode);

export const listMyCodesProcedure = affiliateProcedure.meta(listMyCodesMeta).input(listMyCodesInput).output(listMyCodesOutput).query(listMyCodes);
