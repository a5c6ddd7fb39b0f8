import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { invalid, notFound } from '../../errors/errors';

/**
 * Sets the affiliate's portal password from the invitation link. The token is single-use: its
 * hash is cleared in the same update, so a leaked e-mail cannot reset the password later.
 */
export async function acceptInvite(db: DbOrTx, input: { token: string; password: string }) {
  if (input.password.length < 8) throw invalid('password', 'use at least 8 characters');
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .update(affiliates)
    .set({ passwordHash, inviteTokenHash: null })
    .where(eq(affiliates.inviteTokenHash, hashToken(input.token)))
    .returning();
  if (!row) throw notFound('invitation');
  return row;
}
