// dashboard: mint a new portal invitation link for an affiliate (shown to the manager once)
import { reissueInviteLink } from '../../domain/team/invite-link';
import { workspaceProcedure } from '../../trpc/procedures';
import { reissueInviteLinkInput, reissueInviteLinkOutput } from './reissue-invite-link.types';

export const reissueInviteLinkProcedure = workspaceProcedure('write')
  .input(reissueInviteLinkInput)
  .output(reissueInviteLinkOutput)
  .mutation(async ({ ctx, input }) => ({
    url: await reissueInviteLink({ ctx, affiliateId: input.affiliate_id, publicUrl: ctx.services.config.publicUrl }),
  }));
