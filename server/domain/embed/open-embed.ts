import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliates, workspaceSettings } from '@/db/schema';
import type { EmbedOptions } from '../../contracts/embed';
import { isUuid } from '../../lib/ids';
import { ACCESS_STATUSES } from '../affiliates/access';
import { verifyEmbedToken } from './token';

export type OpenedEmbed = { workspaceId: string; affiliateId: string; origin: string; options: EmbedOptions };

/**
 * What an embed token opens (docs/embedded-referrals.md#the-token): its affiliate's referral page,
 * framed by its one origin, with its options. The signature and expiry are checked first, then
 * what the token names is checked again now, in one read: the affiliate is still in that
 * workspace, active or pending (ACCESS_STATUSES, the portal's rule), at the session version the
 * token carries (a suspension moves it, so reactivation does not revive old tokens), and the
 * origin is still listed in the workspace's embed_origins. Every failure is the same null, so a
 * host page cannot tell a forged token from a revoked one.
 */
export async function openEmbed(db: DbOrTx, token: string, now: Date = new Date()): Promise<OpenedEmbed | null> {
  const claims = verifyEmbedToken(token, now);
  if (!claims) return null;
  // A signed token names a uuid; anything else would only make the query fail.
  if (!isUuid(claims.workspaceId) || !isUuid(claims.affiliateId) || !Number.isInteger(claims.sessionVersion)) return null;
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .innerJoin(workspaceSettings, eq(workspaceSettings.workspaceId, affiliates.workspaceId))
    .where(
      and(
        eq(affiliates.workspaceId, claims.workspaceId),
        eq(affiliates.id, claims.affiliateId),
        eq(affiliates.sessionVersion, claims.sessionVersion),
        inArray(affiliates.status, [...ACCESS_STATUSES]),
        sql`${claims.origin} = any(${workspaceSettings.embedOrigins})`,
      ),
    );
  if (!row) return null;
  return { workspaceId: claims.workspaceId, affiliateId: claims.affiliateId, origin: claims.origin, options: claims.options };
}
