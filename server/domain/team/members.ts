import { and, asc, eq } from 'drizzle-orm';
import { memberships, users } from '@/db/schema';
import { insufficientScope } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { createUser, type Role } from '../users/users';

export async function listMembers(ctx: WorkspaceCtx) {
  return ctx.db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, ctx.workspaceId))
    .orderBy(asc(memberships.createdAt));
}

/**
 * Adds a teammate with a password the inviter hands over. Only an owner may make another owner,
 * so an admin cannot raise anyone (or a second account of theirs) above their own role.
 */
export async function addMember({
  ctx,
  actorRole,
  input,
}: {
  ctx: WorkspaceCtx;
  actorRole: Role | null;
  input: { email: string; password: string; role: Role; name?: string };
}) {
  if (input.role === 'owner' && actorRole !== 'owner') throw insufficientScope('owner');
  const user = await createUser(ctx.db, { ...input, workspaceId: ctx.workspaceId });
  const [member] = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, user.id)));
  return { userId: user.id, email: user.email, name: user.name, role: member.role };
}
