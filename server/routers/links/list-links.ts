// GET /v1/links: list referral links, filtered by affiliate or campaign
import { presentLink } from '../../contracts/link';
import { listLinks } from '../../domain/links/links';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listLinksInput, listLinksMeta, listLinksOutput } from './list-links.types';

export const listLinksProcedure = workspaceProcedure('read')
  .meta(listLinksMeta)
  .input(listLinksInput)
  .output(listLinksOutput)
  .query(({ ctx, input }) =>
    listPage(
      'links',
      input,
      (limit, offset) =>
        listLinks({ ctx, filters: { affiliateId: input.affiliate_id, campaignId: input.campaign_id }, page: { limit, offset } }),
      presentLink,
    ),
  );
