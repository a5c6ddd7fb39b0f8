// dashboard-only (portal): the affiliate makes another link of its own (landing page, sub-id)
import { presentLink } from '../../contracts/link';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { createOwnLink } from '../../domain/links/link-kit';
import { portalProcedure } from '../../trpc/procedures';
import { createLinkInput, createLinkOutput } from './create-link.types';

export const createLinkProcedure = portalProcedure
  .input(createLinkInput)
  .output(createLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const affiliate = await getAffiliate({ ctx, id: ctx.affiliateId });
    return { object: 'link' as const, data: presentLink(await createOwnLink({ ctx, affiliate, input: { landingPage: input.landing_page, subId: input.sub_id } })) };
  });
