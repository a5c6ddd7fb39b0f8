// dashboard-only (portal): the affiliate's default link and its own links; making another (landing page, sub-id)
import { presentLink } from '../../contracts/link';
import { presentLinkKit } from '../../contracts/link-kit';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { createOwnLink, linkKit } from '../../domain/links/link-kit';
import { portalProcedure } from './portal-procedure';
import { portalCreateLinkInput, portalCreateLinkOutput, portalLinkKitInput, portalLinkKitOutput } from './portal-link-kit.types';

export const portalLinkKit = portalProcedure
  .input(portalLinkKitInput)
  .output(portalLinkKitOutput)
  .query(async ({ ctx }) => presentLinkKit(await linkKit({ ctx, affiliate: await getAffiliate({ ctx, id: ctx.affiliateId }) })));

export const portalCreateLink = portalProcedure
  .input(portalCreateLinkInput)
  .output(portalCreateLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const affiliate = await getAffiliate({ ctx, id: ctx.affiliateId });
    return { object: 'link' as const, data: presentLink(await createOwnLink({ ctx, affiliate, input: { landingPage: input.landing_page, subId: input.sub_id } })) };
  });
