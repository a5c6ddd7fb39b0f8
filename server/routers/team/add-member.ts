// dashboard: add a teammate with a role and a first password
import { addMember } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { addMemberInput, addMemberOutput } from './add-member.types';

export const addMemberProcedure = workspaceProcedure('write')
  .input(addMemberInput)
  .output(addMemberOutput)
  .mutation(async ({ ctx, input }) => {
    const m = await addMember({ ctx, actorRole: ctx.actor.kind === 'user' ? ctx.actor.role : null, input });
    return { user_id: m.userId, email: m.email, name: m.name, role: m.role };
  });
