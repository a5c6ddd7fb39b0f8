import { sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { affiliates } from '@/db/schema';
import { presentAffiliate } from '../../contracts/affiliate';
import { notFound } from '../../errors/errors';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { followAffiliateStatus } from '../codes/lifecycle';
import { hasAccess } from './access';
import type { Affiliate, AffiliateStatus } from './affiliates';
import { referencedCampaign } from '../references';
import { loadRecord, ownRecord, wellFormedId } from '../records';
import { codesFollowAffiliate } from '../../integrations/codes/due';

export type AffiliatePatch = {
  name?: string;
  payoutEmail?: string | null;
  campaignId?: string;
  status?: AffiliateStatus;
  commissionsHeld?: boolean;
};

/**
 * Changes an affiliate; moving into `active` from another status (approving) stamps approved_at.
 * Holding commissions stamps commissions_held_at once (a repeated hold keeps the first time, so
 * the record says how long payment has waited); releasing clears it. A repeated hold or release
 * adds nothing to the write, so on its own it writes nothing and emits no event. Suspending or
 * rejecting stops the affiliate's refa_live_ keys on their next request (resolve-key.ts reads the
 * status every time) and ends its portal sessions (server/auth/sessions.ts). Its codes follow in the
 * same transaction (codes/lifecycle.ts): deactivated when it leaves `active`, restored when it returns.
 */
export async function updateAffiliate({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: AffiliatePatch }): Promise<Affiliate> {
  wellFormedId(id, () => notFound('affiliate'));
  return ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, workspaceId: ctx.workspaceId };
    const where = ownRecord(ctx, affiliates, id);
    // Locks the row so two approvals racing agree on whether this one is the approving change.
    const current = await loadRecord({ ...ctx, db: tx }, affiliates, id, () => notFound('affiliate'), { lock: true });
    const set: PgUpdateSetSource<typeof affiliates> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.payoutEmail !== undefined) set.payoutEmail = patch.payoutEmail;
    if (patch.campaignId !== undefined) set.campaignId = (await referencedCampaign(txCtx, patch.campaignId)).id;
    if (patch.status !== undefined) {
      set.status = patch.status;
      if (patch.status === 'active' && current.status !== 'active') set.approvedAt = new Date();
      // Losing access ends the portal sessions for good: reactivation does not bring them back.
      if (!hasAccess(patch.status) && hasAccess(current.status)) set.sessionVersion = sql`${affiliates.sessionVersion} + 1`;
    }
    if (patch.commissionsHeld === true && current.commissionsHeldAt === null) set.commissionsHeldAt = new Date();
    if (patch.commissionsHeld === false && current.commissionsHeldAt !== null) set.commissionsHeldAt = null;
    if (Object.keys(set).length === 0) return current;
    const [row] = await tx.update(affiliates).set(set).where(where).returning();
    await followAffiliateStatus(tx, ctx, current, row);
    if (row.campaignId !== current.campaignId) await codesFollowAffiliate(tx, ctx.workspaceId, id);
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.updated', object: 'affiliate', record: presentAffiliate(row) });
    await addAuditEntryIfChanged(tx, ctx, 'affiliate.updated', { type: 'affiliate', id }, presentAffiliate(current), presentAffiliate(row));
    return row;
  });
}
