// dashboard: mint a new portal invitation link for an affiliate (shown to the manager once)
import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { reissueInviteLink } from '../../domain/team/invite-link';
import { workspaceProcedure } from '../../trpc/procedures';

export const inviteLinkProcedure = workspaceProcedure('write')
  .input(z.strictObject({ affiliate_id: recordId }))
  .output(z.object({ url: z.string() }))
  .mutation(async ({ ctx, input }) => ({
    url: await reissueInviteLink({ ctx, affiliateId: input.affiliate_id, publicUrl: ctx.services.config.publicUrl }),
  }));
