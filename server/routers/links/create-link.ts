// POST /v1/links: create a referral link for an affiliate
import { presentLink } from '../../contracts/link';
import { createLink } from '../../domain/links/create-link';
import { workspaceProcedure } from '../../trpc/procedures';
import { createLinkInput, createLinkMeta, createLinkOutput } from './create-link.types';

export const createLinkProcedure = workspaceProcedure('write')
  .meta(createLinkMeta)
  .input(createLinkInput)
  .output(createLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createLink({
      ctx,
      input: { affiliateId: input.affiliate_id, campaignId: input.campaign_id, destinationUrl: input.destination_url, subId: input.sub_id },
    });
    return { object: 'link' as const, data: presentLink(row) };
  });
