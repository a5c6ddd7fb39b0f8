import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';

// Affiliate e-mails (docs/emails.md): a workspace's own wording of a kind; no row, or a null
// subject or text, is the default written in server/domain/mail/kinds.ts.
export const emailTemplates = pgTable(
  'email_templates',
  {
    workspaceId: workspaceRef(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    subject: text('subject'),
    body: text('body'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

// An affiliate who asked for no optional e-mail (the one-click unsubscribe); transactional ones
// (approval, payout failure) still go out.
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.affiliateId] })],
);

// A message a manager sent to a group of affiliates; each recipient is an email_outbox row
// carrying broadcast_id, which is the send log.
export const emailBroadcasts = pgTable(
  'email_broadcasts',
  {
    id: id(),
    workspaceId: workspaceRef(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    campaignId: uuid('campaign_id'),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /v1/broadcasts, newest first
    index('email_broadcasts_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

// How far the e-mail job has read a workspace's events (webhook_events, oldest first).
export const emailEventCursors = pgTable('email_event_cursors', {
  workspaceId: uuid('workspace_id').primaryKey(),
  afterCreatedAt: ts('after_created_at').notNull(),
  afterId: uuid('after_id').notNull().default(sql`'00000000-0000-0000-0000-000000000000'`),
});
