// dashboard: take a teammate off the workspace, ending their sessions at once
import { removeMember } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { removeMemberInput, removeMemberOutput } from './remove-member.types';

export const removeMemberProcedure = workspaceProcedure('write')
  .input(removeMemberInput)
  .output(removeMemberOutput)
  .mutation(async ({ ctx, input }) => {
    const m = await removeMember({ ctx, actorRole: ctx.actor.kind === 'user' ? ctx.actor.role : null, userId: input.user_id });
    return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
  });
