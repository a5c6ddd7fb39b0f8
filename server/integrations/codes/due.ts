import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliateCodeLinks, affiliateCodes, affiliates } from '@/db/schema';

// Changes elsewhere that the providers' copies of codes must follow: each sets the codes it
// touches 'pending' for the sync job (sync.ts), in the caller's transaction. Pushing a code the
// providers already have as it should be costs no provider call, so these may over-reach.

const pending = { syncState: 'pending' as const, syncError: null };

/**
 * A campaign's discount or status changed: the active codes of its affiliates are pushed again
 * (under a new Stripe coupon, a Paddle discount re-priced), and those of affiliates in no
 * campaign, whose default campaign this may be or have been.
 */
export async function codesFollowCampaign(db: DbOrTx, workspaceId: string, campaignId: string) {
  const members = db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, workspaceId), or(eq(affiliates.campaignId, campaignId), isNull(affiliates.campaignId))));
  await db
    .update(affiliateCodes)
    .set(pending)
    .where(and(eq(affiliateCodes.workspaceId, workspaceId), eq(affiliateCodes.status, 'active'), ne(affiliateCodes.source, 'linked'), inArray(affiliateCodes.affiliateId, members)));
}

/** An affiliate moved to another campaign: its codes take that campaign's discount. */
export async function codesFollowAffiliate(db: DbOrTx, workspaceId: string, affiliateId: string) {
  await db
    .update(affiliateCodes)
    .set(pending)
    .where(and(eq(affiliateCodes.workspaceId, workspaceId), eq(affiliateCodes.affiliateId, affiliateId), eq(affiliateCodes.status, 'active'), ne(affiliateCodes.source, 'linked')));
}

/**
 * A partner group's discount changed: its affiliates' active codes are pushed again, under the
 * group's discount or, with none, the campaign's (docs/groups-bounties-recruiters.md#discount).
 */
export async function codesFollowGroup(db: DbOrTx, workspaceId: string, groupId: string) {
  const members = db.select({ id: affiliates.id }).from(affiliates).where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.groupId, groupId)));
  await db
    .update(affiliateCodes)
    .set(pending)
    .where(and(eq(affiliateCodes.workspaceId, workspaceId), eq(affiliateCodes.status, 'active'), ne(affiliateCodes.source, 'linked'), inArray(affiliateCodes.affiliateId, members)));
}

/**
 * A provider's API key was set: codes that synced while nothing could be written (or failed for
 * the key) are pushed again: the active ones, and inactive ones whose objects are still active.
 */
export async function codesFollowNewKey(db: DbOrTx, workspaceId: string) {
  const stillActive = sql`exists (select 1 from ${affiliateCodeLinks} l where l.code_id = ${affiliateCodes.id} and l.active)`;
  await db
    .update(affiliateCodes)
    .set(pending)
    .where(and(eq(affiliateCodes.workspaceId, workspaceId), or(eq(affiliateCodes.status, 'active'), stillActive)));
}
