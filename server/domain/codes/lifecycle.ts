import { and, asc, eq, isNotNull, notExists, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { affiliateCodes, affiliates, campaigns, groups } from '@/db/schema';
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import type { Affiliate } from '../affiliates/affiliates';
import { addAuditEntries } from '../audit/audit-entries';
import { defaultCampaignId } from '../campaigns/campaigns';
import { systemActor, type ActingCtx } from '../context';
import { sweepCursor, sweepWorkspaces, type SweepLimits, type SweepReport } from '../jobs/sweep';
import { workspacesWith } from '../jobs/workspaces-with';
import { insertGeneratedCode, type AffiliateCode } from './store';

// How codes follow their affiliate and its campaign (docs/codes.md#lifecycle). Each function runs
// in the caller's transaction, so the change that moves the affiliate moves its codes with it.

// An affiliate without a campaign is the default campaign's, whose discount is the workspace's
// (as attribution and the code sync read it).
const campaignOf = (campaignId: string | null | SQLWrapper, workspaceId: string) => sql`coalesce(${campaignId}, ${defaultCampaignId(workspaceId)})`;

const sameAffiliate = (ctx: ActingCtx, affiliateId: string) =>
  and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.affiliateId, affiliateId));

const audited = (action: string, rows: AffiliateCode[], before: Record<string, unknown>) =>
  rows.map((row) => {
    const after = presentAffiliateCode(row);
    return {
      action,
      target: { type: 'affiliate_code', id: row.id },
      changes: { before, after: { status: after.status, deactivated_reason: after.deactivated_reason, sync_state: after.sync_state } },
    };
  });

/**
 * Follows an affiliate's status change, inside its transaction (the affiliate row locked):
 * leaving `active` (suspended, rejected, back to pending) deactivates its active codes with the
 * reason affiliate_inactive; becoming active again restores exactly those, and gives it a
 * generated code if it never had one and its campaign has a discount.
 */
export async function followAffiliateStatus(tx: Tx, ctx: ActingCtx, before: Affiliate, after: Affiliate) {
  if (before.status === 'active' && after.status !== 'active') {
    const rows = await tx
      .update(affiliateCodes)
      .set({ status: 'inactive', deactivatedAt: new Date(), deactivatedReason: 'affiliate_inactive', syncState: 'pending', syncError: null })
      .where(and(sameAffiliate(ctx, after.id), eq(affiliateCodes.status, 'active')))
      .returning();
    await addAuditEntries(tx, ctx, audited('affiliate_code.deactivated', rows, { status: 'active' }));
  } else if (before.status !== 'active' && after.status === 'active') {
    const rows = await tx
      .update(affiliateCodes)
      .set({ status: 'active', deactivatedAt: null, deactivatedReason: null, syncState: 'pending', syncError: null })
      .where(and(sameAffiliate(ctx, after.id), eq(affiliateCodes.status, 'inactive'), eq(affiliateCodes.deactivatedReason, 'affiliate_inactive')))
      .returning();
    await addAuditEntries(tx, ctx, audited('affiliate_code.reactivated', rows, { status: 'inactive', deactivated_reason: 'affiliate_inactive' }));
  }
  await ensureGeneratedCode(tx, ctx, after);
}

/**
 * Gives an active affiliate of a campaign with a customer discount a generated code, if it never
 * had one. "Never", not "has no active one": a code the manager deactivated stays deactivated.
 * The caller holds the affiliate row (or inserted it), so two callers do not both generate.
 */
export async function ensureGeneratedCode(tx: Tx, ctx: ActingCtx, affiliate: Affiliate): Promise<AffiliateCode | undefined> {
  if (affiliate.status !== 'active') return undefined;
  const [campaign] = await tx
    .select({ discountType: campaigns.discountType })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, campaignOf(affiliate.campaignId, ctx.workspaceId))));
  if (!campaign) return undefined;
  if (!campaign.discountType) {
    // a partner group's discount gives its affiliates codes too (docs/groups-bounties-recruiters.md#discount)
    const [group] = await tx
      .select({ discountType: groups.discountType })
      .from(groups)
      .where(and(eq(groups.workspaceId, ctx.workspaceId), eq(groups.id, affiliate.groupId)));
    if (!group?.discountType) return undefined;
  }
  const [any] = await tx.select({ id: affiliateCodes.id }).from(affiliateCodes).where(sameAffiliate(ctx, affiliate.id)).limit(1);
  if (any) return undefined;
  return insertGeneratedCode(tx, ctx, affiliate);
}

/**
 * Generates codes for up to `limit` active affiliates of the workspace's discounted campaigns
 * (or of `campaignId`) that never had one, inside the caller's transaction; answers how many.
 * Affiliates another sweep holds are skipped (SKIP LOCKED), and each is checked again once held.
 */
export async function generateCodesIn(tx: Tx, ctx: ActingCtx, { limit, campaignId }: { limit: number; campaignId?: string }) {
  const due = await tx
    .select({ affiliate: affiliates })
    .from(affiliates)
    .innerJoin(campaigns, and(eq(campaigns.id, campaignOf(affiliates.campaignId, ctx.workspaceId)), eq(campaigns.workspaceId, affiliates.workspaceId)))
    .where(
      and(
        eq(affiliates.workspaceId, ctx.workspaceId),
        eq(affiliates.status, 'active'),
        isNotNull(campaigns.discountType),
        campaignId ? eq(campaigns.id, campaignId) : undefined,
        notExists(tx.select({ one: sql`1` }).from(affiliateCodes).where(eq(affiliateCodes.affiliateId, affiliates.id))),
      ),
    )
    .orderBy(asc(affiliates.createdAt))
    .limit(limit)
    .for('update', { of: affiliates, skipLocked: true });
  let made = 0;
  for (const { affiliate } of due) if (await ensureGeneratedCode(tx, ctx, affiliate)) made++;
  return made;
}

/**
 * The sweep the provider sync job calls: one batch of missing generated codes for one workspace,
 * in one transaction, as the system actor `codes.generate`. Call again while it answers `limit`.
 */
export async function generateMissingCodes(db: Db, workspaceId: string, limit: number): Promise<number> {
  return db.transaction((tx) => generateCodesIn(tx, { db: tx, workspaceId, actor: systemActor('codes.generate') }, { limit }));
}

export const CODE_GENERATE_QUEUE = 'codes.generate';
// A batch is one transaction of generated codes; a run gives each discounted workspace a few turns.
export const CODE_GENERATE_LIMITS: SweepLimits = { batchSize: 200, rounds: 5, budget: 2_000 };

/**
 * The job's run: generated codes for the active affiliates of every workspace's discounted
 * campaigns that have none yet (a discount first set on a campaign gives its first affiliates codes
 * in the same write, the rest come here), in bounded batches, one workspace's turn after another's.
 */
export async function generateMissingCodesEverywhere(db: Db, limits = CODE_GENERATE_LIMITS): Promise<SweepReport> {
  const workspaces = await workspacesWith(db, 'campaigns', sql`discount_type is not null`, { after: sweepCursor(CODE_GENERATE_QUEUE) });
  return sweepWorkspaces({ db, queue: CODE_GENERATE_QUEUE, workspaces, limits, batch: (workspaceId) => generateMissingCodes(db, workspaceId, limits.batchSize) });
}
