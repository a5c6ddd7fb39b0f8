// dashboard-only (portal, public): an invited affiliate sets its password with the invitation's token
import { acceptInvite } from '../../domain/portal/accept-invite';
import { publicProcedure } from '../../trpc/procedures';
import { acceptInviteInput, acceptInviteOutput } from './accept-invite.types';

export const acceptInviteProcedure = publicProcedure
  .input(acceptInviteInput)
  .output(acceptInviteOutput)
  .mutation(async ({ ctx, input }) => ({ email: (await acceptInvite(ctx.db, input)).email }));
