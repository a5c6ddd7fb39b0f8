// dashboard: give a teammate another role, ending their sessions at once
import { changeMemberRole } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { changeMemberRoleInput, memberRecord } from './team.types';

export const changeMemberRoleProcedure = workspaceProcedure('write')
  .input(changeMemberRoleInput)
  .output(memberRecord.omit({ created_at: true }))
  .mutation(async ({ ctx, input }) => {
    const actorRole = ctx.actor.kind === 'user' ? ctx.actor.role : null;
    const m = await changeMemberRole({ ctx, actorRole, userId: input.user_id, role: input.role });
    return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
  });
