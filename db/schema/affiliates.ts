import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { AFFILIATE_STATUSES, MAIL_STATUSES } from '../../server/model/enums';

export const affiliates = pgTable(
  'affiliates',
  {
    id: id(),
    workspaceId: workspaceRef(),
    campaignId: uuid('campaign_id'),
    // its partner group (db/schema/groups.ts); new affiliates start in the workspace's default one
    groupId: uuid('group_id').notNull(),
    email: text('email'),
    name: text('name'),
    refCode: text('ref_code').notNull(),
    status: text('status', { enum: AFFILIATE_STATUSES }).notNull().default('pending'),
    payoutEmail: text('payout_email'),
    // Portal sign-in: set when the affiliate accepts the invitation.
    passwordHash: text('password_hash'),
    inviteTokenHash: text('invite_token_hash'),
    // When the invitation or sign-in link above stops working (invite-token.ts). Null on tokens
    // issued before links expired: those stay valid until used or re-issued, so no pending
    // invitation broke on upgrade.
    inviteTokenExpiresAt: ts('invite_token_expires_at'),
    // Copied into each portal session at sign-in; a session carrying an older one is refused.
    // Sign-out, a new password and losing access (suspended, rejected) add one (server/auth/sessions.ts).
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    approvedAt: ts('approved_at'),
    // Set while a manager holds the affiliate's commissions (a risk response): payout batches skip
    // them until it is cleared. Kept from the first hold, so it says how long payment has waited.
    commissionsHeldAt: ts('commissions_held_at'),
    // Set when the affiliate applied on the public join page (/join/{program}), with its answer to
    // "how will you promote us?": the dashboard lists these applications for review.
    appliedAt: ts('applied_at'),
    applicationNote: text('application_note'),
    // The inbox the e-mail reaches (server/domain/affiliates/normalise-email.ts), written with the
    // affiliate; null on affiliates made before it existed and on those without an e-mail.
    normalisedEmail: text('normalised_email'),
    // The merchant's own id for this user when the affiliate was made by an embed token
    // (docs/embedded-referrals.md): unique per workspace, so a token request finds it again.
    tenantId: text('tenant_id'),
    // Who recruited it (its recruit link, or a manager) and when: that affiliate earns on it while
    // its group's recruiter terms say so (docs/groups-bounties-recruiters.md#recruiters-two-tier).
    recruitedBy: uuid('recruited_by'),
    recruitedAt: ts('recruited_at'),
  },
  (t) => [
    // invite is idempotent on e-mail, compared case-insensitively, per workspace
    uniqueIndex('affiliates_workspace_email_uq').on(t.workspaceId, sql`lower(${t.email})`),
    // one join-page application per inbox: variants of an address racing to apply make one affiliate
    uniqueIndex('affiliates_workspace_applicant_uq').on(t.workspaceId, t.normalisedEmail).where(sql`${t.appliedAt} is not null`),
    // the join page's duplicate check: is this inbox already an affiliate, applied or invited?
    index('affiliates_workspace_normalised_email_idx').on(t.workspaceId, t.normalisedEmail),
    // ref codes are stored lower-case; click and manual_code resolution look them up here
    uniqueIndex('affiliates_workspace_ref_code_uq').on(t.workspaceId, t.refCode),
    // GET /v1/affiliates?status=&campaign_id=
    index('affiliates_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt),
    // the affiliates list, newest first, without sorting every affiliate of the workspace
    index('affiliates_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('affiliates_campaign_idx').on(t.campaignId),
    // a group's affiliates (the groups page, moves, a group's report)
    index('affiliates_group_idx').on(t.groupId, t.createdAt),
    // POST /v1/embed-tokens finds or creates the affiliate by tenant id; racing requests make one
    uniqueIndex('affiliates_workspace_tenant_uq').on(t.workspaceId, t.tenantId).where(sql`${t.tenantId} is not null`),
    // a recruiter's recruits (its portal list, the leaderboard's count)
    index('affiliates_recruited_by_idx').on(t.recruitedBy).where(sql`${t.recruitedBy} is not null`),
    // portal invitation link -> affiliate
    uniqueIndex('affiliates_invite_token_uq').on(t.inviteTokenHash),
  ],
);

// An affiliate's earlier ref codes (docs/affiliates.md#changing-a-ref-code): when a manager changes
// the code, the old one stays here so links already shared keep crediting the affiliate. Tracking
// reads this table only when a code matches no affiliate's current code (server/domain/affiliates/
// ref-aliases.ts), so the click path costs nothing more for current codes.
export const affiliateRefAliases = pgTable(
  'affiliate_ref_aliases',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    // lower-case, like affiliates.ref_code
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // a code names one affiliate: an alias is never another's alias (a current code is checked on change)
    uniqueIndex('affiliate_ref_aliases_workspace_code_uq').on(t.workspaceId, t.code),
    // an affiliate's aliases, for its page and for reclaiming an old code
    index('affiliate_ref_aliases_affiliate_idx').on(t.affiliateId),
  ],
);

// Invitation and notification e-mails, written in the transaction that causes them.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    workspaceId: workspaceRef(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    // The mailer's lease and retry backoff: a message is due once this is null or past, so a
    // message in flight is not picked by a second worker and a crashed worker's claim expires.
    nextAttemptAt: ts('next_attempt_at'),
    // Affiliate e-mails (docs/emails.md): the branded HTML part, extra headers (List-Unsubscribe),
    // who it is for, the broadcast it belongs to, and the key that makes an event's e-mail once.
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    affiliateId: uuid('affiliate_id'),
    broadcastId: uuid('broadcast_id'),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    // an event's e-mail is written once however often the job reads the event
    uniqueIndex('email_outbox_dedupe_uq').on(t.workspaceId, t.dedupeKey).where(sql`dedupe_key is not null`),
    // a broadcast's send log and counts
    index('email_outbox_broadcast_idx').on(t.broadcastId).where(sql`broadcast_id is not null`),
    // /dev/mail and the manager's view of recent mail, newest first
    index('email_outbox_workspace_created_idx').on(t.workspaceId, t.createdAt),
    // the mailer finds the workspaces with mail to send (a skip scan), then each one's messages
    // oldest due first; sent, logged and exhausted messages add no entry (5 = MAX_ATTEMPTS)
    index('email_outbox_due_idx')
      .on(t.workspaceId, sql`coalesce(${t.nextAttemptAt}, ${t.createdAt})`)
      .where(sql`status in ('queued', 'failed') and attempts < 5`),
  ],
);
