import { presentAffiliate } from '../../contracts/affiliate';
import { invalid } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import { systemActor, type WorkspaceCtx } from '../context';
import { alreadyAppliedEmail, applicationEmail } from '../mail/application-email';
import { queueEmail } from '../mail/outbox';
import { emitEvent } from '../events/emit-event';
import { domainOf, isDisposableDomain } from '../risk/disposable-domains';
import type { ProgramBrand } from '../settings/program-brand';
import { readSettings } from '../settings/settings';
import { groupBySlug } from '../groups/groups';
import { notFound } from '../../errors/errors';
import type { Db, Tx } from '@/db/client';
import { findAffiliateByInbox } from './affiliates';
import { ensureGeneratedCode } from '../codes/lifecycle';
import { campaignForNewAffiliate } from './campaign-ref';
import { initialStatus } from './initial-status';
import { insertAffiliate } from './insert-affiliate';
import { INVITATION_LIFETIME_MS, mintInvite } from './invite-token';
import { deriveRefCode } from './ref-codes';
import { hasherFor } from '../tracking/hash';
import { applicantParty, awardRecruitApproval, decideRecruiter, flagRefusedRecruit, recruiterByCode } from '../recruiters/recruit';

/**
 * `group`: the slug of the partner group whose join page it came from (docs/groups-bounties-recruiters.md#join-page-and-auto-approval);
 * `via`: the ref code of the recruit link it came through (docs/groups-bounties-recruiters.md#recruiters-two-tier);
 * `signupIp`: the address it applied from, compared with the recruiter's own devices.
 */
export type Application = { email: string; name: string; note?: string; group?: string; via?: string; signupIp?: string | null };

const isDisposable = (email: string) => {
  const domain = domainOf(email);
  return domain !== null && isDisposableDomain(domain);
};

/**
 * An application from the public join page: a new affiliate, pending or active by the program's
 * auto-approve setting (the spec's invite states), joining its default campaign, and an e-mail
 * that confirms the address and sets the portal password, all in one transaction with its audit
 * row (the applicant is its actor). An address whose inbox is already an affiliate (any spelling:
 * normalise-email.ts) changes nothing and gets a "you already have an account" e-mail instead:
 * the page answers the same either way, so nobody learns who is in the program. Races for one
 * inbox create one affiliate (the applicant index, insertAffiliate). A disposable domain is
 * refused, held for review or taken as any other, by the workspace's disposable_email_policy.
 */
export async function applyToProgram(db: Db, { program, application, publicUrl }: { program: ProgramBrand; application: Application; publicUrl: string }) {
  const workspaceId = program.workspaceId;
  const settings = await readSettings({ db, workspaceId });
  const policy = settings.disposableEmailPolicy;
  const disposable = isDisposable(application.email);
  if (disposable && policy === 'refuse') throw invalid('email', 'use a permanent e-mail address, not a disposable one');
  const flagged = disposable && policy === 'flag';
  const group = application.group === undefined ? undefined : await groupBySlug({ ctx: { db, workspaceId }, slug: application.group });
  if (application.group !== undefined && !group) throw notFound('group');
  return db.transaction(async (tx) => {
    const ctx: WorkspaceCtx = { db: tx, workspaceId, settings };
    const sameInbox = (c: WorkspaceCtx) => findAffiliateByInbox({ ctx: c, email: application.email });
    if (await sameInbox(ctx)) return alreadyApplied(tx, program, application.email, publicUrl);
    // Through a recruit link: its affiliate recruits this one, unless the applicant looks like it
    // (a self-recruit: recorded as no recruiter and flagged below; the page answers the same).
    const recruiter = application.via ? await recruiterByCode(ctx, application.via) : undefined;
    const hash = recruiter ? await hasherFor({ ctx }) : null;
    const decision = recruiter ? await decideRecruiter(ctx, recruiter, applicantParty(application.email, hash!(application.signupIp))) : null;
    const invite = mintInvite(publicUrl, INVITATION_LIFETIME_MS);
    const result = await insertAffiliate(
      tx,
      workspaceId,
      {
        email: application.email,
        name: application.name,
        campaignId: await campaignForNewAffiliate({ ctx, campaignId: undefined }),
        ...(group && { groupId: group.id }),
        inviteTokenHash: invite.tokenHash,
        inviteTokenExpiresAt: invite.expiresAt,
        appliedAt: new Date(),
        applicationNote: application.note ?? null,
        ...(decision?.recruiterId ? { recruitedBy: decision.recruiterId, recruitedAt: new Date() } : {}),
        // A flagged address waits for a person even where the program auto-approves.
        ...(await initialStatus(ctx, flagged ? 'pending' : undefined, group?.autoApprove ?? null)),
      },
      deriveRefCode({ email: application.email, name: application.name }),
      sameInbox,
    );
    if (result.kind === 'existing') return alreadyApplied(tx, program, application.email, publicUrl);
    const { row } = result;
    await emitEvent({ ctx, type: 'affiliate.created', object: 'affiliate', record: presentAffiliate(row) });
    const actor = { kind: 'affiliate', affiliateId: row.id } as const;
    await addAuditEntry(tx, { ...ctx, actor }, 'affiliate.applied', { type: 'affiliate', id: row.id }, {
      after: presentAffiliate(row),
      ...(flagged ? { flagged: 'disposable_email' } : {}),
    });
    if (recruiter && decision?.refused.length) await flagRefusedRecruit(tx, { ...ctx, actor }, row.id, recruiter.id, decision.refused);
    // auto-approved: its recruiter's flat reward on approval, if its group gives one
    if (row.status === 'active') await awardRecruitApproval(tx, ctx, row);
    // auto-approved into a discounted campaign: its code comes with it, made by the program
    await ensureGeneratedCode(tx, { ...ctx, actor: systemActor('codes.generate') }, row);
    // The applicant typed the name: it stays out of the e-mail (application-email.ts).
    const message = applicationEmail({ programName: program.name, acceptUrl: invite.acceptUrl, approved: row.status === 'active' });
    await queueEmail(tx, { workspaceId, kind: 'affiliate_application', to: application.email, ...message });
    return { created: true };
  });
}

async function alreadyApplied(tx: Tx, program: ProgramBrand, email: string, publicUrl: string) {
  await queueEmail(tx, { workspaceId: program.workspaceId, kind: 'affiliate_already_applied', to: email, ...alreadyAppliedEmail({ programName: program.name, portalUrl: publicUrl }) });
  return { created: false };
}
