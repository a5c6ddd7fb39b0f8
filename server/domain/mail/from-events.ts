import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { affiliates, campaigns, emailEventCursors, emailOutbox, emailUnsubscribes, groups, webhookEvents } from '@/db/schema';
import { referralUrl } from '../../contracts/link';
import { chunks } from '../../lib/chunks';
import { rowsOf } from '../../lib/rows';
import { defaultCampaign } from '../campaigns/campaigns';
import { sweepCursor, sweepWorkspaces, type SweepLimits, type SweepReport } from '../jobs/sweep';
import { MAX_WORKSPACES_A_RUN, type WorkspaceList } from '../jobs/workspaces-with';
import { mailForEvent, MAIL_EVENT_TYPES, type EventMail } from './event-mail';
import { KINDS } from './kinds';
import { portalSignInUrl, renderEmail, unsubscribeHeaders, type Brand } from './render';
import { mailBrand, readTemplates } from './templates';
import { unsubscribeUrl } from './unsubscribe-token';

// The affiliate e-mails made from the events the domain already emits (docs/emails.md#how-they-are-made):
// no domain file knows about e-mail. Each workspace's events are read oldest first past its
// cursor, in bounded batches, and each e-mail is queued in the outbox (which sends and retries)
// in the transaction that moves the cursor, under a dedupe key: a rerun sends nothing twice.

export const EVENT_MAIL_QUEUE = 'mail.from-events';
export const EVENT_MAIL_LIMITS: SweepLimits = { batchSize: 200, rounds: 5 };
// An event's time is taken before its transaction commits: the job reads only events older than
// this, so one committed a moment after a later event is not passed over by the cursor.
export const SETTLE_SECONDS = 30;

const TYPES = sql.raw(MAIL_EVENT_TYPES.map((t) => `'${t}'`).join(', '));

export type EventMailOptions = { db: Db; publicUrl: string; settleSeconds?: number; limits?: SweepLimits };

/** One run: every workspace with unread events takes its turns (server/domain/jobs/sweep.ts). */
export async function mailFromEvents({ db, publicUrl, settleSeconds = SETTLE_SECONDS, limits = EVENT_MAIL_LIMITS }: EventMailOptions): Promise<SweepReport> {
  await startCursors(db);
  return sweepWorkspaces({
    db,
    queue: EVENT_MAIL_QUEUE,
    workspaces: await workspacesBehind(db, settleSeconds),
    limits,
    batch: (workspaceId) => mailWorkspaceEvents({ db, workspaceId, publicUrl, settleSeconds, limit: limits.batchSize }),
  });
}

// A new workspace's cursor starts at its creation (the migration started existing ones at the
// upgrade, so history is not mailed).
async function startCursors(db: Db) {
  await db.execute(sql`insert into email_event_cursors (workspace_id, after_created_at)
    select w.id, w.created_at from workspaces w
    where not exists (select 1 from email_event_cursors c where c.workspace_id = w.id)
    on conflict do nothing`);
}

const settled = (settleSeconds: number) => sql`now() - make_interval(secs => ${settleSeconds})`;

// One index probe (webhook_events_mail_idx) per workspace: the cost follows the workspaces, not the events.
async function workspacesBehind(db: Db, settleSeconds: number): Promise<WorkspaceList> {
  const after = sweepCursor(EVENT_MAIL_QUEUE) ?? '00000000-0000-0000-0000-000000000000';
  const rows = await rowsOf<{ workspace_id: string }>(db, sql`select c.workspace_id from email_event_cursors c
    where exists (select 1 from webhook_events e where e.workspace_id = c.workspace_id and e.type in (${TYPES})
      and (e.created_at, e.id) > (c.after_created_at, c.after_id) and e.created_at <= ${settled(settleSeconds)})
    order by c.workspace_id > ${after}::uuid desc, c.workspace_id limit ${MAX_WORKSPACES_A_RUN}`);
  const ids = rows.map((r) => r.workspace_id);
  return { ids, complete: ids.length < MAX_WORKSPACES_A_RUN };
}

/** One batch of one workspace's events, in one transaction; answers how many events it read. */
export async function mailWorkspaceEvents({ db, workspaceId, publicUrl, settleSeconds, limit }: { db: Db; workspaceId: string; publicUrl: string; settleSeconds: number; limit: number }): Promise<number> {
  return db.transaction(async (tx) => {
    // Locked: two workers never read the same events (the dedupe key would keep them apart anyway).
    const [cursor] = await tx.select().from(emailEventCursors).where(eq(emailEventCursors.workspaceId, workspaceId)).for('update', { skipLocked: true });
    if (!cursor) return 0;
    const events = await tx
      .select({ id: webhookEvents.id, type: webhookEvents.type, payload: webhookEvents.payload, createdAt: webhookEvents.createdAt })
      .from(webhookEvents)
      .where(and(
        eq(webhookEvents.workspaceId, workspaceId),
        sql`${webhookEvents.type} in (${TYPES})`,
        sql`(${webhookEvents.createdAt}, ${webhookEvents.id}) > (${cursor.afterCreatedAt.toISOString()}::timestamptz, ${cursor.afterId}::uuid)`,
        sql`${webhookEvents.createdAt} <= ${settled(settleSeconds)}`,
      ))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
      .limit(limit);
    if (!events.length) return 0;
    const mails = events.map(mailForEvent).filter((m): m is EventMail => m !== null);
    if (mails.length) await queueEventMails(tx, workspaceId, publicUrl, mails);
    const last = events[events.length - 1];
    await tx.update(emailEventCursors).set({ afterCreatedAt: last.createdAt, afterId: last.id }).where(eq(emailEventCursors.workspaceId, workspaceId));
    return events.length;
  });
}

async function queueEventMails(tx: DbOrTx, workspaceId: string, publicUrl: string, mails: EventMail[]) {
  const ids = [...new Set(mails.map((m) => m.affiliateId))];
  const templates = new Map((await readTemplates({ db: tx, workspaceId })).map((t) => [t.kind, t]));
  const brand = await mailBrand(tx, workspaceId);
  const people = new Map((await tx.select().from(affiliates).where(and(eq(affiliates.workspaceId, workspaceId), inArray(affiliates.id, ids)))).map((a) => [a.id, a]));
  const unsubscribed = new Set(
    (await tx.select({ id: emailUnsubscribes.affiliateId }).from(emailUnsubscribes).where(and(eq(emailUnsubscribes.workspaceId, workspaceId), inArray(emailUnsubscribes.affiliateId, ids)))).map((r) => r.id),
  );
  const links = await referralLinks(tx, workspaceId, mails.filter((m) => m.kind === 'affiliate_approved').map((m) => people.get(m.affiliateId)).filter((a) => !!a));
  const groupIds = [...new Set(mails.map((m) => m.groupId).filter((g): g is string => !!g))];
  const groupNames = new Map(
    groupIds.length ? (await tx.select({ id: groups.id, name: groups.name }).from(groups).where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, groupIds)))).map((g) => [g.id, g.name]) : [],
  );
  const rows: (typeof emailOutbox.$inferInsert)[] = [];
  for (const mail of mails) {
    const template = templates.get(mail.kind)!;
    const affiliate = people.get(mail.affiliateId);
    const optional = !KINDS[mail.kind].transactional;
    if (!template.enabled || !affiliate?.email || (optional && unsubscribed.has(affiliate.id))) continue;
    const unsubscribe = optional ? unsubscribeUrl(publicUrl, workspaceId, affiliate.id) : null;
    const values = {
      ...affiliateValues(affiliate, brand, publicUrl),
      link: links.get(affiliate.id) ?? `${publicUrl}/portal`,
      ...mail.values,
      ...(mail.groupId ? { 'group.name': groupNames.get(mail.groupId) ?? 'another group' } : {}),
    };
    const message = renderEmail({ subject: template.subject, body: template.body, values, brand, unsubscribeUrl: unsubscribe });
    rows.push({
      workspaceId, kind: mail.kind, to: affiliate.email, subject: message.subject, body: message.text, html: message.html,
      headers: unsubscribe ? unsubscribeHeaders(unsubscribe) : null, affiliateId: affiliate.id, dedupeKey: mail.dedupeKey,
    });
  }
  for (const slice of chunks(rows)) await tx.insert(emailOutbox).values(slice).onConflictDoNothing();
}

type AffiliateRow = typeof affiliates.$inferSelect;

/** The values every affiliate e-mail (and a broadcast) can use. */
export const affiliateValues = (a: Pick<AffiliateRow, 'name' | 'email' | 'refCode'>, brand: Brand, publicUrl: string): Record<string, string> => ({
  'affiliate.name': a.name?.trim() || 'there',
  'affiliate.email': a.email ?? '',
  'affiliate.ref_code': a.refCode,
  'program.name': brand.name,
  portal_url: portalSignInUrl(publicUrl, brand),
});

// The default link the portal shows (links/link-kit.ts): the campaign's landing page with ?ref=.
async function referralLinks(tx: DbOrTx, workspaceId: string, people: AffiliateRow[]): Promise<Map<string, string>> {
  if (!people.length) return new Map();
  const own = [...new Set(people.map((a) => a.campaignId).filter((id): id is string => !!id))];
  const rows = own.length ? await tx.select().from(campaigns).where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, own))) : [];
  const byId = new Map(rows.map((c) => [c.id, c]));
  const fallback = await defaultCampaign({ db: tx, workspaceId });
  const out = new Map<string, string>();
  for (const a of people) {
    const c = (a.campaignId ? byId.get(a.campaignId) : undefined) ?? fallback;
    const url = c ? referralUrl(c.destinationUrl, c.refParam, a.refCode) : null;
    if (url) out.set(a.id, url);
  }
  return out;
}
