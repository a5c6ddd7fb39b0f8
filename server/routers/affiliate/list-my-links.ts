// GET /v1/affiliate/links: the affiliate's own referral links, newest first
import { presentLink } from '../../contracts/link';
import { listOwnLinks } from '../../domain/portal/activity';
import { listPage } from '../../lib/pagination';
import { affiliateProcedure } from '../../trpc/procedures';
import { listMyLinksInput, listMyLinksMeta, listMyLinksOutput } from './list-my-links.types';

export const listMyLinksProcedure = affiliateProcedure
  .meta(listMyLinksMeta)
  .input(listMyLinksInput)
  .output(listMyLinksOutput)
  .query(({ ctx, input }) => listPage('links', input, (limit, offset) => listOwnLinks({ ctx, page: { limit, offset } }), presentLink));
