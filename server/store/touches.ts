import { and, asc, eq, gt, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { affiliates, campaigns, clicks } from '@/db/schema';
import type { DbOrTx } from '@/db/client';
import { MAX_TOUCHES } from '../contracts/limits';
import type { Touch } from '../domain/attribution/attribute';
import { TOUCH_AFFILIATE_STATUS, WINDOW_ENDS, type TouchMatch } from '../domain/attribution/touches';
import type { WorkspaceCtx } from '../domain/context';
import { daysInterval } from '../lib/days-sql';
import { preparedQuery } from '../lib/prepared-query';
import { oneRow } from './presumed-key';

// The reads of a visitor's touches (docs/attribution.md#how-a-conversion-finds-its-affiliate):
// the rule of server/domain/attribution/touches.ts (`touchesOf`: clicks inside their campaign's
// cookie window, from affiliates still active, oldest first, at most MAX_TOUCHES) in SQL, built
// from its constants and checked against it by touches.property.test.ts. Attribution chooses
// among them (server/domain/attribution/attribute.ts).

export type { TouchMatch };

/**
 * What a touches read is given, as SQL values: the workspace, the sale's time, and the match's
 * values a (and b). Placeholders for a statement of its own; a batch's columns in the sale's first
 * read. `workspaces`: every workspace the statement reads touches for, an SQL uuid[] not tied to the
 * row, so the longest cookie window among them is read once per statement, not once per sale.
 */
export type TouchInputs = { workspaceId: SQL; at: SQL; a: SQL; b: SQL; workspaces: SQL };
const placeholders: TouchInputs = {
  workspaceId: sql`${sql.placeholder('workspaceId')}`,
  at: sql`${sql.placeholder('at')}::timestamptz`,
  a: sql`${sql.placeholder('a')}`,
  b: sql`${sql.placeholder('b')}`,
  workspaces: sql`array[${sql.placeholder('workspaceId')}]::uuid[]`,
};
const matches: Record<TouchMatch['by'], (i: TouchInputs) => SQL> = {
  cookie: (i) => eq(clicks.visitorKey, i.a)!,
  fingerprint: (i) => and(isNotNull(clicks.fingerprint), eq(clicks.fingerprint, i.a))!,
  ip: (i) => and(eq(clicks.ipHash, i.a), eq(clicks.uaHash, i.b))!,
};
// insideWindow's ends, as touchesOf states them
const beforeEnd = WINDOW_ENDS.end === 'inclusive' ? lte : lt;
const afterStart = WINDOW_ENDS.start === 'exclusive' ? gt : gte;
const windowStart = (at: SQL, days: SQL | typeof campaigns.cookieWindowDays) => sql`${at} - ${daysInterval(days)}`;

/** The clicks `by` matches, as touchesWhere reads them: a statement of its own, or a subquery of the sale's first read. */
const touchesQuery = (db: DbOrTx, by: TouchMatch['by'], i: TouchInputs) =>
  db
    .select({
      clickId: clicks.id,
      affiliateId: clicks.affiliateId,
      campaignId: clicks.campaignId,
      ts: clicks.ts,
      visitorKey: clicks.visitorKey,
      model: campaigns.attributionModel,
      windowDays: campaigns.cookieWindowDays,
    })
    .from(clicks)
    .innerJoin(campaigns, eq(campaigns.id, clicks.campaignId))
    .where(
      and(
        eq(clicks.workspaceId, i.workspaceId),
        // the click's affiliate probed by its primary key: joined, a small program's affiliates were
        // scanned whole for each statement and every click compared with each of them
        sql`(select a.status from ${affiliates} a where a.id = ${clicks.affiliateId}) = ${TOUCH_AFFILIATE_STATUS}`,
        matches[by](i),
        beforeEnd(clicks.ts, i.at),
        afterStart(clicks.ts, windowStart(i.at, campaigns.cookieWindowDays)),
        // The same bound by the longest window of the statement's workspaces, as one value read once:
        // PostgreSQL prunes the monthly partitions of clicks before it (the per-campaign bound above
        // cannot). Looser for a workspace whose windows are shorter than another's in the batch; the
        // bound above still applies to each click.
        afterStart(clicks.ts, windowStart(i.at, sql`(select max(w.cookie_window_days) from campaigns w where w.workspace_id = any(${i.workspaces}))`)),
      ),
    )
    .orderBy(asc(clicks.ts))
    .limit(MAX_TOUCHES);

/** A touch as the first read's JSON carries it: its time as text. */
type TouchJson = Omit<Touch, 'ts'> & { ts: string };

/**
 * The visitor's touches (`i.a`: its visitor id) as one JSON array `list`, oldest first,
 * null for none: a lateral join of the sale's first read, so a sale by cookie costs no statement of
 * its own. A sale without a visitor joins a row of null instead: no clicks table in its plan at all
 * (a generic plan locks every partition of clicks on each execution, even one never read).
 */
export const visitorTouches = (db: DbOrTx, given: boolean, i: TouchInputs) => {
  if (!given) return db.select({ list: sql<TouchJson[] | null>`null`.as('list') }).from(oneRow).as('visitor_touches');
  const t = touchesQuery(db, 'cookie', i).as('visits');
  return db
    .select({
      list: sql<TouchJson[] | null>`json_agg(json_build_object('clickId', ${t.clickId}, 'affiliateId', ${t.affiliateId}, 'campaignId', ${t.campaignId},
        'ts', ${t.ts}, 'visitorKey', ${t.visitorKey}, 'model', ${t.model}, 'windowDays', ${t.windowDays}) order by ${t.ts})`.as('list'),
    })
    .from(t)
    .as('visitor_touches');
};
export const touchesOfJson = (list: TouchJson[] | null): Touch[] => (list ?? []).map((t) => ({ ...t, ts: new Date(t.ts) }));

// One prepared statement per way of matching: built once, not per sale.
const touchesBy = (by: TouchMatch['by']) => preparedQuery(`touches_by_${by}`, (db) => touchesQuery(db, by, placeholders));
const statements = { cookie: touchesBy('cookie'), fingerprint: touchesBy('fingerprint'), ip: touchesBy('ip') };

/**
 * Clicks matching `match` inside their campaign's cookie window before `at`, oldest first, from
 * affiliates that are still active. These are the candidates the attribution receipt lists. Never
 * reads clicks older than the workspace's longest cookie window (retention keeps those).
 */
export async function touchesWhere({ ctx, match, at: when }: { ctx: WorkspaceCtx; match: TouchMatch; at: Date }): Promise<Touch[]> {
  const [first, second] = match.by === 'cookie' ? [match.visitorKey, null] : match.by === 'fingerprint' ? [match.fingerprint, null] : [match.ipHash, match.uaHash];
  return statements[match.by](ctx.db).execute({ workspaceId: ctx.workspaceId, at: when.toISOString(), a: first, b: second });
}
