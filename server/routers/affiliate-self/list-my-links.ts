// GET /v1/affiliate/links: the affiliate's own referral links, newest first
import { presentLink } from '../../contracts/link';
import type { AffiliateCtx } from '../../domain/context';
import { listOwnLinks } from '../../domain/portal/activity';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateProcedure } from '../../trpc/procedures';
import { listMyLinksInput, listMyLinksMeta, listMyLinksOutput } from './list-my-links.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyLinks = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('links', input, (limit, offset) => listOwnLinks({ ctx, page: { limit, offset } }), presentLink);

export const listMyLinksProcedure = affiliateProcedure
  .meta(listMyLinksMeta)
  .input(listMyLinksInput)
  .output(listMyLinksOutput)
  .query(listMyLinks);
