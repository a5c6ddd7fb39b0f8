// dashboard: the workspace's members and their roles
import { z } from 'zod';
import { iso } from '../../contracts/common';
import { listMembers } from '../../domain/team/members';
import { workspaceProcedure } from '../../trpc/procedures';
import { listMembersOutput } from './team.types';

export const listMembersProcedure = workspaceProcedure('read')
  .input(z.object({}).optional())
  .output(listMembersOutput)
  .query(async ({ ctx }) => ({
    data: (await listMembers(ctx)).map((m) => ({ user_id: m.userId, email: m.email, name: m.name, role: m.role, created_at: iso(m.createdAt) })),
  }));
