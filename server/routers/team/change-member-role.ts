// dashboard: give a teammate another role, ending their sessions at once
import { changeMemberRole } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { changeMemberRoleInput, changeMemberRoleOutput } from './change-member-role.types';

export const changeMemberRoleProcedure = workspaceProcedure('write')
  .input(changeMemberRoleInput)
  .output(changeMemberRoleOutput)
  .mutation(async ({ ctx, input }) => {
    const actorRole = ctx.actor.kind === 'user' ? ctx.actor.role : null;
    const m = await changeMemberRole({ ctx, actorRole, userId: input.user_id, role: input.role });
    return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
  });
