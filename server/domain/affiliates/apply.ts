import { presentAffiliate } from '../../contracts/affiliate';
import { alreadyAppliedEmail, applicationEmail } from '../mail/application-email';
import { queueEmail } from '../mail/outbox';
import { recordEvent } from '../events/record-event';
import type { ProgramBrand } from '../settings/program-brand';
import type { Db, Tx } from '@/db/client';
import { findAffiliateByEmail } from './affiliates';
import { campaignForNewAffiliate } from './campaign-ref';
import { initialStatus } from './initial-status';
import { insertAffiliate } from './insert-affiliate';
import { INVITATION_LIFETIME_MS, mintInvite } from './invite-token';
import { deriveRefCode } from './ref-codes';

export type Application = { email: string; name: string; note?: string };

/**
 * An application from the public join page: a new affiliate, pending or active by the program's
 * auto-approve setting (the spec's invite states), joining its default campaign, and an e-mail
 * that confirms the address and sets the portal password, all in one transaction. An address that
 * is already an affiliate changes nothing and gets a "you already have an account" e-mail instead:
 * the page answers the same either way, so nobody learns who is in the program. Races for one
 * e-mail create one affiliate (insertAffiliate).
 */
export async function applyToProgram(db: Db, { program, application, publicUrl }: { program: ProgramBrand; application: Application; publicUrl: string }) {
  const workspaceId = program.workspaceId;
  return db.transaction(async (tx) => {
    const ctx = { db: tx, workspaceId };
    const existing = await findAffiliateByEmail({ ctx, email: application.email });
    if (existing) return alreadyApplied(tx, program, application.email, publicUrl);
    const invite = mintInvite(publicUrl, INVITATION_LIFETIME_MS);
    const result = await insertAffiliate(
      tx,
      workspaceId,
      {
        email: application.email,
        name: application.name,
        campaignId: await campaignForNewAffiliate({ ctx, campaignId: undefined }),
        inviteTokenHash: invite.tokenHash,
        inviteTokenExpiresAt: invite.expiresAt,
        appliedAt: new Date(),
        applicationNote: application.note ?? null,
        ...(await initialStatus(ctx)),
      },
      deriveRefCode({ email: application.email, name: application.name }),
    );
    if (result.kind === 'existing') return alreadyApplied(tx, program, application.email, publicUrl);
    const { row } = result;
    await recordEvent({ ctx: { db: tx, workspaceId }, type: 'affiliate.created', object: 'affiliate', record: presentAffiliate(row) });
    const message = applicationEmail({ programName: program.name, affiliateName: row.name, acceptUrl: invite.acceptUrl, approved: row.status === 'active' });
    await queueEmail(tx, { workspaceId, kind: 'affiliate_application', to: application.email, ...message });
    return { created: true };
  });
}

async function alreadyApplied(tx: Tx, program: ProgramBrand, email: string, publicUrl: string) {
  await queueEmail(tx, { workspaceId: program.workspaceId, kind: 'affiliate_already_applied', to: email, ...alreadyAppliedEmail({ programName: program.name, portalUrl: publicUrl }) });
  return { created: false };
}
