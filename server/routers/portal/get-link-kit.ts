// dashboard-only (portal): the affiliate's default link and its own links
import { presentLinkKit } from '../../contracts/link-kit';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { linkKit } from '../../domain/links/link-kit';
import { portalProcedure } from '../../trpc/procedures';
import { getLinkKitInput, getLinkKitOutput } from './get-link-kit.types';

export const getLinkKitProcedure = portalProcedure
  .input(getLinkKitInput)
  .output(getLinkKitOutput)
  .query(async ({ ctx }) => presentLinkKit(await linkKit({ ctx, affiliate: await getAffiliate({ ctx, id: ctx.affiliateId }) })));
