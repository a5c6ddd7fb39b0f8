// GET /v1/affiliate/clicks: the affiliate's own clicks, newest first
import { presentAffiliateClick } from '../../contracts/affiliate-view';
import type { AffiliateCtx } from '../../domain/context';
import { listOwnClicks } from '../../domain/portal/activity';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateReplicaProcedure } from '../../trpc/procedures';
import { listMyClicksInput, listMyClicksMeta, listMyClicksOutput } from './list-my-clicks.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyClicks = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('clicks', input, (limit, offset) => listOwnClicks({ ctx, page: { limit, offset } }), presentAffiliateClick);

export const listMyClicksProcedure = affiliateReplicaProcedure
  .meta(listMyClicksMeta)
  .input(listMyClicksInput)
  .output(listMyClicksOutput)
  .query(listMyClicks);
