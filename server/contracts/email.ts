import { z } from 'zod';
import { iso, one, timestamp, uuid } from './common';
import { EMAIL_KINDS } from '../model/enums';

// Affiliate e-mails (docs/emails.md): templates, previews and broadcasts as the API shows them.

export const emailKind = z.enum(EMAIL_KINDS);
export const emailSubject = z.string().trim().min(1).max(200);
export const emailText = z.string().trim().min(1).max(10_000);

export const emailTemplateRecord = z
  .object({
    kind: emailKind,
    enabled: z.boolean(),
    transactional: z.boolean().describe('true: sent whenever on, even to unsubscribed affiliates (approval, payout failure)'),
    subject: z.string().max(200),
    text: z.string().max(10_000),
    customised: z.boolean().describe('false: the default wording'),
    variables: z.array(z.string().max(64)).max(20).describe('the {{variables}} this kind may use'),
  })
  .meta({ id: 'EmailTemplate' });

export type EmailTemplateRecord = z.infer<typeof emailTemplateRecord>;

export const presentEmailTemplate = (t: { kind: (typeof EMAIL_KINDS)[number]; enabled: boolean; transactional: boolean; subject: string; body: string; customised: boolean; variables: readonly string[] }): EmailTemplateRecord => ({
  kind: t.kind,
  enabled: t.enabled,
  transactional: t.transactional,
  subject: t.subject,
  text: t.body,
  customised: t.customised,
  variables: [...t.variables],
});

export const emailPreviewRecord = z
  .object({ subject: z.string().max(300), text: z.string().max(20_000), html: z.string().max(100_000) })
  .meta({ id: 'EmailPreview' });

export const broadcastRecord = z
  .object({
    id: uuid,
    subject: z.string().max(200),
    text: z.string().max(10_000),
    campaign_id: uuid.nullable().describe('null: every active affiliate'),
    recipients: z.number().int(),
    queued: z.number().int().describe('waiting or being retried'),
    sent: z.number().int(),
    failed: z.number().int().describe('failed for good after every retry'),
    created_at: timestamp,
  })
  .meta({ id: 'Broadcast' });

export type BroadcastRecord = z.infer<typeof broadcastRecord>;

export const presentBroadcast = (b: { id: string; subject: string; body: string; campaignId: string | null; recipients: number; queued: number; sent: number; failed: number; createdAt: Date }): BroadcastRecord => ({
  id: b.id,
  subject: b.subject,
  text: b.body,
  campaign_id: b.campaignId,
  recipients: b.recipients,
  queued: b.queued,
  sent: b.sent,
  failed: b.failed,
  created_at: iso(b.createdAt),
});

export const emailTemplateBody = one('email_template', emailTemplateRecord);
export const broadcastBody = one('broadcast', broadcastRecord);
