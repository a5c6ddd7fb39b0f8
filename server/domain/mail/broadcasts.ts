import { and, count, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { affiliates, emailBroadcasts, emailOutbox, emailUnsubscribes } from '@/db/schema';
import { chunks } from '../../lib/chunks';
import type { Page } from '../../lib/pagination';
import { invalidState } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import { defaultCampaign } from '../campaigns/campaigns';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';
import { MAX_ATTEMPTS } from './deliver-outbox';
import { affiliateValues } from './from-events';
import { BROADCAST_VARIABLES } from './kinds';
import { MAX_BROADCAST_RECIPIENTS } from './limits';
import { renderEmail, unsubscribeHeaders } from './render';
import { checkVariables, mailBrand } from './templates';
import { unsubscribeUrl } from './unsubscribe-token';

// Broadcasts (docs/emails.md#broadcasts): one message to every active affiliate, or a campaign's,
// queued in the outbox (one row a recipient, carrying broadcast_id: the send log), which sends
// them in bounded batches with retries. Unsubscribed affiliates are left out: a broadcast is optional mail.


export type Broadcast = typeof emailBroadcasts.$inferSelect & { queued: number; sent: number; failed: number };

export async function createBroadcast({ ctx, subject, body, campaignId, publicUrl }: { ctx: ActingCtx; subject: string; body: string; campaignId: string | null; publicUrl: string }): Promise<Broadcast> {
  checkVariables('subject', subject, BROADCAST_VARIABLES);
  checkVariables('text', body, BROADCAST_VARIABLES);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, workspaceId: ctx.workspaceId };
    const campaign = campaignId ? await referencedCampaign(txCtx, campaignId) : null;
    // Affiliates without a campaign of their own are in the default one (docs/affiliates.md#campaign-and-links).
    const inDefault = campaign ? (await defaultCampaign(txCtx))?.id === campaign.id : false;
    const audience = and(
      eq(affiliates.workspaceId, ctx.workspaceId),
      eq(affiliates.status, 'active'),
      sql`${affiliates.email} is not null`,
      campaign ? (inDefault ? or(eq(affiliates.campaignId, campaign.id), isNull(affiliates.campaignId)) : eq(affiliates.campaignId, campaign.id)) : undefined,
      notExists(tx.select({ one: sql`1` }).from(emailUnsubscribes).where(and(eq(emailUnsubscribes.workspaceId, ctx.workspaceId), eq(emailUnsubscribes.affiliateId, affiliates.id)))),
    );
    const people = await tx.select({ id: affiliates.id, name: affiliates.name, email: affiliates.email, refCode: affiliates.refCode }).from(affiliates).where(audience).limit(MAX_BROADCAST_RECIPIENTS + 1);
    if (people.length > MAX_BROADCAST_RECIPIENTS) throw invalidState(`a broadcast reaches at most ${MAX_BROADCAST_RECIPIENTS} affiliates: send one per campaign`);
    const [broadcast] = await tx.insert(emailBroadcasts).values({ workspaceId: ctx.workspaceId, subject, body, campaignId: campaign?.id ?? null, recipients: people.length }).returning();
    const brand = await mailBrand(tx, ctx.workspaceId);
    const rows = people.map((a) => {
      const unsubscribe = unsubscribeUrl(publicUrl, ctx.workspaceId, a.id);
      const message = renderEmail({ subject, body, values: affiliateValues(a, brand, publicUrl), brand, unsubscribeUrl: unsubscribe });
      return {
        workspaceId: ctx.workspaceId, kind: 'broadcast', to: a.email!, subject: message.subject, body: message.text, html: message.html,
        headers: unsubscribeHeaders(unsubscribe), affiliateId: a.id, broadcastId: broadcast.id,
      };
    });
    for (const slice of chunks(rows, 500)) await tx.insert(emailOutbox).values(slice);
    // The subject as stored (a lone surrogate became U+FFFD): the audit's jsonb refuses the raw input.
    await addAuditEntry(tx, ctx, 'broadcast.created', { type: 'broadcast', id: broadcast.id }, { after: { subject: broadcast.subject, campaign_id: broadcast.campaignId, recipients: people.length } });
    return { ...broadcast, queued: people.length, sent: 0, failed: 0 };
  });
}

/** The newest broadcasts with how many of their messages wait, went out, or failed for good. */
export async function listBroadcasts({ ctx, page }: { ctx: WorkspaceCtx; page: Page }): Promise<Broadcast[]> {
  const rows = await ctx.db.select().from(emailBroadcasts).where(eq(emailBroadcasts.workspaceId, ctx.workspaceId)).orderBy(desc(emailBroadcasts.createdAt), desc(emailBroadcasts.id)).limit(page.limit).offset(page.offset);
  if (!rows.length) return [];
  const state = sql<string>`case when ${emailOutbox.status} in ('sent', 'logged') then 'sent'
    when ${emailOutbox.status} = 'failed' and ${emailOutbox.attempts} >= ${sql.raw(String(MAX_ATTEMPTS))} then 'failed' else 'queued' end`;
  const counts = await ctx.db
    .select({ broadcastId: emailOutbox.broadcastId, state, n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.workspaceId, ctx.workspaceId), inArray(emailOutbox.broadcastId, rows.map((r) => r.id))))
    .groupBy(emailOutbox.broadcastId, state);
  return rows.map((r) => {
    const of = (s: string) => Number(counts.find((c) => c.broadcastId === r.id && c.state === s)?.n ?? 0);
    return { ...r, queued: of('queued'), sent: of('sent'), failed: of('failed') };
  });
}
