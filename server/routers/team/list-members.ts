// dashboard: the workspace's members and their roles
import { iso } from '../../contracts/common';
import { listMembers } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { listMembersInput, listMembersOutput } from './list-members.types';

export const listMembersProcedure = workspaceProcedure('read')
  .input(listMembersInput)
  .output(listMembersOutput)
  .query(async ({ ctx }) => ({
    data: (await listMembers(ctx)).map((m) => ({ user_id: m.userId, email: m.email, name: m.name, role: m.role, created_at: iso(m.createdAt) })),
  }));
