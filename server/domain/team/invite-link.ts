import { affiliates } from '@/db/schema';
import { notFound } from '../../errors/errors';
import { INVITATION_LIFETIME_MS, mintInvite } from '../affiliates/invite-token';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { ownRecord, wellFormedId } from '../records';

/**
 * A fresh portal invitation link the manager can hand over by other means (the e-mail bounced,
 * no SMTP configured). It replaces the previous token: only one link works at a time,
 * and like an e-mailed invitation it works for INVITATION_LIFETIME_MS.
 */
export async function reissueInviteLink({ ctx, affiliateId, publicUrl }: { ctx: ActingCtx; affiliateId: string; publicUrl: string }) {
  wellFormedId(affiliateId, () => notFound('affiliate'));
  const invite = mintInvite(publicUrl, INVITATION_LIFETIME_MS);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(affiliates)
      .set({ inviteTokenHash: invite.tokenHash, inviteTokenExpiresAt: invite.expiresAt })
      .where(ownRecord(ctx, affiliates, affiliateId))
      .returning({ id: affiliates.id });
    if (!row) throw notFound('affiliate');
    // Never the link itself: it is a credential until used.
    await addAuditEntry(tx, ctx, 'affiliate.invite_link_reissued', { type: 'affiliate', id: row.id }, { after: { invite_expires_at: invite.expiresAt.toISOString() } });
    return invite.acceptUrl;
  });
}
