import { sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { presentAffiliate } from '../../contracts/affiliate';
import { invalidState, notFound } from '../../errors/errors';
import { isUniqueViolation } from '../../lib/database-error';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { followAffiliateStatus } from '../codes/lifecycle';
import { hasAccess } from './access';
import { findAffiliateByEmail, type Affiliate, type AffiliateStatus } from './affiliates';
import { normaliseEmail } from './normalise-email';
import { assertRefCodeFree, keepOldCode, lockRefCodes } from './ref-aliases';
import { referencedCampaign, referencedGroup, referencedRecruiter } from '../references';
import { awardRecruitApproval, recruiterByManager } from '../recruiters/recruit';
import { loadRecord, ownRecord, wellFormedId } from '../records';
import { codesFollowAffiliate } from '../../integrations/codes/due';

export type AffiliatePatch = {
  name?: string;
  email?: string;
  /** Lower-case, 3..64 of [a-z0-9_-] (the contract's refCode). */
  refCode?: string;
  payoutEmail?: string | null;
  campaignId?: string;
  /** Its partner group; a move never rewrites what it earned (docs/groups-bounties-recruiters.md#groups). */
  groupId?: string;
  status?: AffiliateStatus;
  commissionsHeld?: boolean;
  /** Its recruiter, set once (docs/groups-bounties-recruiters.md#recruiters-two-tier). */
  recruitedBy?: string;
};

const emailTaken = () => invalidState('another affiliate of this workspace has this e-mail');
const refCodeTaken = (code: string) => invalidState(`the ref code ${code} is taken in this workspace`);

/**
 * Changes an affiliate; moving into `active` from another status (approving) stamps approved_at.
 * Holding commissions stamps commissions_held_at once (a repeated hold keeps the first time, so
 * the record says how long payment has waited); releasing clears it. A repeated hold or release
 * adds nothing to the write, so on its own it writes nothing and emits no event. Suspending or
 * rejecting stops the affiliate's refa_live_ keys on their next request (resolve-key.ts reads the
 * status every time) and ends its portal sessions (server/auth/sessions.ts). Its codes follow in the
 * same transaction (codes/lifecycle.ts): deactivated when it leaves `active`, restored when it returns.
 * A new e-mail must be no other affiliate's (in any case); a new ref code must name nothing else in
 * the workspace, and the old one is kept as an alias (ref-aliases.ts). Either clash: invalid_state,
 * also when two changes race for one e-mail or code (the unique indexes decide, the loser hears 409).
 */
export async function updateAffiliate({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: AffiliatePatch }): Promise<Affiliate> {
  wellFormedId(id, () => notFound('affiliate'));
  try {
    return await ctx.db.transaction(async (tx) => {
      // Locks the row so two approvals racing agree on whether this one is the approving change.
      const current = await loadRecord({ ...ctx, db: tx }, affiliates, id, () => notFound('affiliate'), { lock: true });
      return applyAffiliatePatch(tx, ctx, current, patch);
    });
  } catch (err) {
    throw asClash(err, patch.refCode);
  }
}

/** A unique index a racing change won, as the error its check would have given. */
export function asClash(err: unknown, refCode: string | undefined): unknown {
  if (isUniqueViolation(err, 'affiliates_workspace_email_uq') || isUniqueViolation(err, 'affiliates_workspace_applicant_uq')) return emailTaken();
  if (isUniqueViolation(err, 'affiliates_workspace_ref_code_uq') || isUniqueViolation(err, 'affiliate_ref_aliases_workspace_code_uq')) return refCodeTaken(refCode ?? '');
  return err;
}

/**
 * One affiliate's change inside the caller's transaction, `current` locked by it: the write, its
 * codes following, the affiliate.updated event and the audit row. Also each affiliate of a bulk
 * action (bulk-update.ts).
 */
export async function applyAffiliatePatch(tx: Tx, ctx: ActingCtx, current: Affiliate, patch: AffiliatePatch): Promise<Affiliate> {
  const txCtx = { db: tx, workspaceId: ctx.workspaceId };
  const id = current.id;
  const set: PgUpdateSetSource<typeof affiliates> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.email !== undefined && patch.email !== current.email) {
    const holder = await findAffiliateByEmail({ ctx: txCtx, email: patch.email });
    if (holder && holder.id !== id) throw emailTaken();
    set.email = patch.email;
    set.normalisedEmail = normaliseEmail(patch.email);
  }
  if (patch.refCode !== undefined && patch.refCode !== current.refCode) {
    await lockRefCodes(tx, ctx.workspaceId, 'change');
    await assertRefCodeFree(tx, txCtx, id, patch.refCode);
    set.refCode = patch.refCode;
  }
  if (patch.payoutEmail !== undefined) set.payoutEmail = patch.payoutEmail;
  if (patch.campaignId !== undefined) set.campaignId = (await referencedCampaign(txCtx, patch.campaignId)).id;
  if (patch.groupId !== undefined && patch.groupId !== current.groupId) set.groupId = (await referencedGroup(txCtx, patch.groupId)).id;
  if (patch.status !== undefined) {
    set.status = patch.status;
    if (patch.status === 'active' && current.status !== 'active') set.approvedAt = new Date();
    // Losing access ends the portal sessions for good: reactivation does not bring them back.
    if (!hasAccess(patch.status) && hasAccess(current.status)) set.sessionVersion = sql`${affiliates.sessionVersion} + 1`;
  }
  if (patch.recruitedBy !== undefined) Object.assign(set, await recruiterByManager(tx, ctx, current, await referencedRecruiter(txCtx, patch.recruitedBy)));
  if (patch.commissionsHeld === true && current.commissionsHeldAt === null) set.commissionsHeldAt = new Date();
  if (patch.commissionsHeld === false && current.commissionsHeldAt !== null) set.commissionsHeldAt = null;
  if (Object.keys(set).length === 0) return current;
  const [row] = await tx.update(affiliates).set(set).where(ownRecord(ctx, affiliates, id)).returning();
  if (row.refCode !== current.refCode) await keepOldCode(tx, txCtx, id, current.refCode, row.refCode);
  await followAffiliateStatus(tx, ctx, current, row);
  // a group may carry its own discount (docs/groups-bounties-recruiters.md#discount)
  if (row.campaignId !== current.campaignId || row.groupId !== current.groupId) await codesFollowAffiliate(tx, ctx.workspaceId, id);
  // approved: its recruiter's flat reward, if its group gives one (once per recruit)
  if (row.status === 'active' && current.status !== 'active') await awardRecruitApproval(tx, ctx, row);
  const [before, after] = [presentAffiliate(current), presentAffiliate(row)];
  await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.updated', object: 'affiliate', record: after });
  if (row.groupId !== current.groupId) {
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.group_changed', object: 'affiliate', record: { ...after, previous_group_id: current.groupId } });
  }
  await addAuditEntryIfChanged(tx, ctx, 'affiliate.updated', { type: 'affiliate', id }, before, after);
  return row;
}
