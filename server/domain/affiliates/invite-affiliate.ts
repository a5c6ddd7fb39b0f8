import { eq } from 'drizzle-orm';
import { workspaces } from '@/db/schema';
import { presentAffiliate } from '../../contracts/affiliate';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { inviteEmail } from '../mail/invite-email';
import { queueEmail } from '../mail/outbox';
import { findAffiliateByEmail, type Affiliate } from './affiliates';
import { ensureGeneratedCode } from '../codes/lifecycle';
import { campaignForNewAffiliate } from './campaign-ref';
import { initialStatus } from './initial-status';
import { insertAffiliate } from './insert-affiliate';
import { INVITATION_LIFETIME_MS, mintInvite } from './invite-token';
import { deriveRefCode } from './ref-codes';

export type InviteInput = { email: string; name?: string; refCode?: string; campaignId?: string };
export type InviteResult = { row: Affiliate; created: boolean; refCodeChanged: boolean };

/**
 * Invites by e-mail, idempotently: an e-mail that is already an affiliate (any case) returns that
 * affiliate unchanged and sends nothing. A new affiliate, its affiliate.created event and its
 * invitation e-mail are written in one transaction.
 */
export async function inviteAffiliate({ ctx, input, publicUrl }: { ctx: ActingCtx; input: InviteInput; publicUrl: string }): Promise<InviteResult> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, workspaceId: ctx.workspaceId };
    const campaignId = await campaignForNewAffiliate({ ctx: txCtx, campaignId: input.campaignId });
    const existing = await findAffiliateByEmail({ ctx: txCtx, email: input.email });
    if (existing) return { row: existing, created: false, refCodeChanged: false };

    const invite = mintInvite(publicUrl, INVITATION_LIFETIME_MS);
    const result = await insertAffiliate(
      tx,
      ctx.workspaceId,
      { email: input.email, name: input.name ?? null, campaignId, inviteTokenHash: invite.tokenHash, inviteTokenExpiresAt: invite.expiresAt, ...(await initialStatus(txCtx)) },
      input.refCode ?? deriveRefCode(input),
    );
    if (result.kind === 'existing') return { row: result.row, created: false, refCodeChanged: false };

    const { row } = result;
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.created', object: 'affiliate', record: presentAffiliate(row) });
    await addAuditEntry(tx, ctx, 'affiliate.invited', { type: 'affiliate', id: row.id }, { after: presentAffiliate(row) });
    await ensureGeneratedCode(tx, ctx, row);
    const [workspace] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, ctx.workspaceId));
    const email = inviteEmail({ workspaceName: workspace?.name ?? 'Refcount', affiliateName: row.name, acceptUrl: invite.acceptUrl });
    await queueEmail(tx, { workspaceId: ctx.workspaceId, kind: 'affiliate_invite', to: input.email, ...email });
    return { row, created: true, refCodeChanged: result.refCodeChanged };
  });
}
