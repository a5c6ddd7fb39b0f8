// dashboard: take a teammate off the workspace, ending their sessions at once
import { removeMember } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { memberRecord, removeMemberInput } from './team.types';

export const removeMemberProcedure = workspaceProcedure('write')
  .input(removeMemberInput)
  .output(memberRecord.omit({ created_at: true }))
  .mutation(async ({ ctx, input }) => {
    const m = await removeMember({ ctx, actorRole: ctx.actor.kind === 'user' ? ctx.actor.role : null, userId: input.user_id });
    return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
  });
