// GET /v1/affiliate/conversions: the affiliate's own conversions, newest first (test conversions excluded)
import { presentConversion } from '../../contracts/conversion';
import type { AffiliateCtx } from '../../domain/context';
import { listOwnConversions } from '../../domain/conversions/list';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateReplicaProcedure } from '../../trpc/procedures';
import { listMyConversionsInput, listMyConversionsMeta, listMyConversionsOutput } from './list-my-conversions.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyConversions = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('conversions', input, (limit, offset) => listOwnConversions({ ctx, page: { limit, offset } }), presentConversion);

export const listMyConversionsProcedure = affiliateReplicaProcedure
  .meta(listMyConversionsMeta)
  .input(listMyConversionsInput)
  .output(listMyConversionsOutput)
  .query(listMyConversions);
