import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { invalid, notFound } from '../../errors/errors';
import { SIGN_IN_LINK_LIFETIME_MS } from '../affiliates/invite-token';
import { addAuditEntry } from '../audit/audit-entries';
import { queueEmail } from '../mail/outbox';
import { passwordResetEmail } from '../mail/password-reset-email';

/**
 * A manager's "forgot your password?", modelled on the portal's sign-in links: a one-time link
 * valid for an hour, only its SHA-256 stored on the user (replacing an earlier one), the e-mail
 * queued in the same transaction. Nothing is returned: the caller answers the same whether or not
 * the e-mail has an account. The current password keeps working until the link sets a new one.
 */
export async function requestPasswordReset(db: Db, { email, publicUrl }: { email: string; publicUrl: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    if (!user) return;
    // The outbox is per workspace: the user's oldest membership carries the message.
    const [member] = await tx.select({ workspaceId: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, user.id)).orderBy(asc(memberships.createdAt)).limit(1);
    if (!member) return;
    const token = randomBytes(32).toString('base64url');
    await tx.update(users).set({ resetTokenHash: hashToken(token), resetTokenExpiresAt: new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MS) }).where(eq(users.id, user.id));
    const message = passwordResetEmail({ resetUrl: `${publicUrl}/reset-password?token=${token}` });
    await queueEmail(tx, { workspaceId: member.workspaceId, kind: 'manager_password_reset', to: user.email, ...message });
  });
}

/**
 * Sets a new password from the link; single-use (the hash is cleared in the same update). An
 * expired, used or unknown link answers link_not_found alike. The same update ends every session
 * of the user (server/auth/sessions.ts): whoever held a copy of one is out. Each of the user's
 * workspaces gets an audit row under the user, so its managers see the reset.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }) {
  if (input.password.length < 8) throw invalid('password', 'use at least 8 characters');
  const live = and(eq(users.resetTokenHash, hashToken(input.token)), gt(users.resetTokenExpiresAt, new Date()));
  // The link first: hashing a password costs real CPU, and an anonymous caller with a made-up
  // token must not be able to spend it.
  const [known] = await db.select({ id: users.id }).from(users).where(live);
  if (!known) throw notFound('reset link');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, resetTokenHash: null, resetTokenExpiresAt: null, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(live)
      .returning({ id: users.id, email: users.email });
    if (!row) throw notFound('reset link');
    const actor = { kind: 'user' as const, userId: row.id };
    for (const { workspaceId } of await tx.select({ workspaceId: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, row.id))) {
      await addAuditEntry(tx, { db: tx, workspaceId, actor }, 'user.password_reset', { type: 'user', id: row.id }, {});
    }
    return { email: row.email };
  });
}
