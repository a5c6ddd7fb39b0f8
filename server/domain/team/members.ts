import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { endUserSessions } from '../../auth/sessions';
import { insufficientScope, invalidState, notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { wellFormedId } from '../records';
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
 * Adds a teammate with a password the inviter hands over (an existing account joins with its own:
 * server/domain/users/users.ts). Only an owner may make another owner,
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
    await addAuditEntry(tx, ctx, 'member.added', { type: 'user', id: user.id }, { after: { email: user.email, name: user.name, role: member.role } });
    return { userId: user.id, email: user.email, name: user.name, role: member.role };
  });
}

/**
 * The workspace's member `userId` (with the user's e-mail and name) and how many owners the
 * workspace has, their rows locked for the change: the owners first, in one order, then the
 * member, so two changes at once queue instead of deadlocking, and two owners demoting each
 * other cannot both succeed (the second counts after the first's change).
 */
async function lockForChange(tx: DbOrTx, ctx: WorkspaceCtx, userId: string) {
  wellFormedId(userId, () => notFound('member'));
  const ofWorkspace = eq(memberships.workspaceId, ctx.workspaceId);
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(ofWorkspace, eq(memberships.role, 'owner')))
    .orderBy(asc(memberships.userId))
    .for('update');
  const [member] = await tx
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(ofWorkspace, eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  if (!member) throw notFound('member');
  // Neither removing nor demoting the last owner: the workspace would have nobody to manage it.
  const lastOwner = member.role === 'owner' && owners.length <= 1;
  return { member, lastOwner };
}

/** Only an owner may touch an owner's membership or make someone an owner (as in addMember). */
function mayChange(actorRole: Role | null, from: Role, to?: Role) {
  if ((from === 'owner' || to === 'owner') && actorRole !== 'owner') throw insufficientScope('owner');
}

/**
 * Takes a teammate off the workspace and ends every session of theirs (server/auth/sessions.ts),
 * on every node, so a signed-in browser stops at its next request.
 */
export async function removeMember({ ctx, actorRole, userId }: { ctx: ActingCtx; actorRole: Role | null; userId: string }) {
  return ctx.db.transaction(async (tx) => {
    const { member, lastOwner } = await lockForChange(tx, ctx, userId);
    mayChange(actorRole, member.role);
    if (lastOwner) throw invalidState('a workspace keeps at least one owner');
    await tx.delete(memberships).where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
    await endUserSessions(tx, userId);
    await addAuditEntry(tx, ctx, 'member.removed', { type: 'user', id: userId }, { before: { email: member.email, role: member.role } });
    return member;
  });
}

/**
 * Gives a teammate another role and ends every session of theirs: nothing keeps acting with the
 * old role, and the next sign-in starts with the new one. The same role again changes nothing.
 */
export async function changeMemberRole({ ctx, actorRole, userId, role }: { ctx: ActingCtx; actorRole: Role | null; userId: string; role: Role }) {
  return ctx.db.transaction(async (tx) => {
    const { member, lastOwner } = await lockForChange(tx, ctx, userId);
    if (member.role === role) return member;
    mayChange(actorRole, member.role, role);
    if (lastOwner) throw invalidState('a workspace keeps at least one owner');
    await tx.update(memberships).set({ role }).where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
    await endUserSessions(tx, userId);
    await addAuditEntry(tx, ctx, 'member.role_changed', { type: 'user', id: userId }, { before: { role: member.role }, after: { role } });
    return { ...member, role };
  });
}
