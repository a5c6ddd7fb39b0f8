import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { invalid } from '../../errors/errors';

export type Role = (typeof memberships.$inferSelect)['role'];

/** Creates a dashboard user (or adds an existing one) as a member of a workspace. */
export async function createUser(
  db: DbOrTx,
  input: { email: string; password: string; workspaceId: string; role?: Role; name?: string },
) {
  if (input.password.length < 8) throw invalid('password', 'use at least 8 characters');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const email = input.email.trim().toLowerCase();
    const [existing] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email));
    // An existing account joins with its own password: the inviter's is not set on it (an admin
    // of one workspace must never choose the password of someone else's account).
    const [user] = existing ? [existing] : await tx.insert(users).values({ email, name: input.name ?? null, passwordHash }).returning();
    await tx
      .insert(memberships)
      .values({ workspaceId: input.workspaceId, userId: user.id, role: input.role ?? 'owner' })
      .onConflictDoNothing();
    return user;
  });
}

/** Credentials check for the dashboard sign-in; constant-time on the hash. */
export async function authenticateUser(db: DbOrTx, email: string, password: string) {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) {
    await hashPassword(password); // same cost whether or not the e-mail exists
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
