import { and, asc, eq } from 'drizzle-orm';
import { memberships, users } from '@/db/schema';
import { insufficientScope } from '../../errors/errors';
import { recordAudit } from '../audit/record-audit';
import type { ActingCtx, WorkspaceCtx } from '../context';
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
  ctx: ActingCtx;
  actorRole: Role | null;
  input: { email: string; password: string; role: Role; name?: string };
}) {
  if (input.role === 'owner' && actorRole !== 'owner') throw insufficientScope('owner');
  return ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, { ...input, workspaceId: ctx.workspaceId });
    const [member] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, user.id)));
    // Never the password: only who can now sign in, and as what.
    await recordAudit(tx, ctx, 'member.added', { type: 'user', id: user.id }, { after: { email: user.email, name: user.name, role: member.role } });
    return { userId: user.id, email: user.email, name: user.name, role: member.role };
  });
}
