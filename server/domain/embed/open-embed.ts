import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, workspaceSettings } from '@/db/schema';
import type { EmbedOptions } from '../../contracts/embed';
import { ACCESS_STATUSES } from '../affiliates/access';
import { verifyEmbedToken } from './token';

// The embed token at use (docs/embedded-referrals.md#the-token): the signature and the hour, then
// what it names still holds: the affiliate active or pending with the session version it was
// issued at (a suspension or sign-out everywhere ends every token), the origin still listed.
// Every failure is the same null: the page and the router answer one "expired" for all of them.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OpenEmbed = { workspaceId: string; affiliateId: string; origin: string; options: EmbedOptions };

export async function openEmbed(db: Db, token: string, now = new Date()): Promise<OpenEmbed | null> {
  const claims = verifyEmbedToken(token, now);
  // Signed ids are ours, but a uuid column refuses other text with an error, not an empty answer.
  if (!claims || !UUID.test(claims.workspaceId) || !UUID.test(claims.affiliateId)) return null;
  const [row] = await db
    .select({ origins: workspaceSettings.embedOrigins })
    .from(affiliates)
    .innerJoin(workspaceSettings, eq(workspaceSettings.workspaceId, affiliates.workspaceId))
    .where(
      and(
        eq(affiliates.workspaceId, claims.workspaceId),
        eq(affiliates.id, claims.affiliateId),
        eq(affiliates.sessionVersion, claims.sessionVersion),
        inArray(affiliates.status, [...ACCESS_STATUSES]),
      ),
    );
  if (!row || !row.origins.includes(claims.origin)) return null;
  return { workspaceId: claims.workspaceId, affiliateId: claims.affiliateId, origin: claims.origin, options: claims.options };
}
