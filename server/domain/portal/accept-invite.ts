import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { invalid, notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';

/**
 * Sets the affiliate's portal password from the invitation or sign-in link. The token is
 * single-use: its hash is cleared in the same update, so a leaked e-mail cannot reset the password
 * later. An expired token answers exactly like an unknown or used one (nothing says it existed);
 * a null expiry is a token issued before links expired, valid until used or re-issued. A new
 * password ends the affiliate's portal sessions (server/auth/sessions.ts).
 */
export async function acceptInvite(db: DbOrTx, input: { token: string; password: string }) {
  if (input.password.length < 8) throw invalid('password', 'use at least 8 characters');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(affiliates)
      .set({ passwordHash, inviteTokenHash: null, inviteTokenExpiresAt: null, sessionVersion: sql`${affiliates.sessionVersion} + 1` })
      .where(
        and(
          eq(affiliates.inviteTokenHash, hashToken(input.token)),
          or(isNull(affiliates.inviteTokenExpiresAt), gt(affiliates.inviteTokenExpiresAt, new Date())),
        ),
      )
      .returning();
    if (!row) throw notFound('invitation');
    // The affiliate acts here: the token proved who they are.
    const ctx = { db: tx, workspaceId: row.workspaceId, actor: { kind: 'affiliate', affiliateId: row.id } as const };
    await addAuditEntry(tx, ctx, 'affiliate.password_set', { type: 'affiliate', id: row.id }, { after: { password_set: true } });
    return row;
  });
}
