import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, emailUnsubscribes } from '@/db/schema';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/**
 * The one-click unsubscribe (RFC 8058, docs/emails.md#unsubscribe): a signed link names the
 * affiliate; one POST stops its optional e-mails. Repeating it changes nothing. False: the token
 * is forged, altered, or names no affiliate of that workspace.
 */
export async function unsubscribeByToken(db: Db, token: unknown): Promise<boolean> {
  const claims = verifyUnsubscribeToken(token);
  if (!claims) return false;
  const [affiliate] = await db.select({ id: affiliates.id }).from(affiliates).where(and(eq(affiliates.workspaceId, claims.workspaceId), eq(affiliates.id, claims.affiliateId)));
  if (!affiliate) return false;
  await db.insert(emailUnsubscribes).values({ workspaceId: claims.workspaceId, affiliateId: affiliate.id }).onConflictDoNothing();
  return true;
}
