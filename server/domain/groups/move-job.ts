import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, groupMoveApplications, groupMoveCursors, groupMoveRules, groups } from '@/db/schema';
import { rowsOf } from '../../lib/rows';
import type { MoveCondition } from '../../model/move-rules';
import { applyAffiliatePatch } from '../affiliates/update-affiliate';
import { systemActor, type ActingCtx, type Actor } from '../context';
import { sweepWorkspaces, type SweepReport } from '../jobs/sweep';
import { chooseMove, daysBetween, type RuleForChoice, type Totals } from './move-rules';

// The move-rule job (docs/groups-bounties-recruiters.md#move-rules): SQL reads the totals of a page
// of affiliates, the pure chooseMove decides, and each move is one transaction with its
// application row, so a rule moves an affiliate once ever, racing evaluations included.

export const MOVE_ACTIVITY_QUEUE = 'groups.move-rules.activity';
export const MOVE_NIGHTLY_QUEUE = 'groups.move-rules.nightly';
/** Affiliates whose totals one statement reads. */
export const MOVE_PAGE = 200;
/** Pages one "Run now" evaluates: a larger program finishes at the nightly run. */
export const RUN_NOW_PAGES = 25;
// Activity rows (conversions, commissions) one activity run reads per workspace.
const ACTIVITY_LIMIT = 1_000;
// A row's time is taken before its transaction commits: read only rows older than this.
const SETTLE_SECONDS = 30;

export const MOVE_SYSTEM_JOB = 'groups.move-rules';
// The jobs' moves are audited as this; "Run now" as whoever pressed it.
const JOB_ACTOR = systemActor(MOVE_SYSTEM_JOB);

type Rule = RuleForChoice;

/** The workspace's active rules whose target group still exists. */
export async function activeRules(db: Db, workspaceId: string): Promise<Rule[]> {
  const rows = await db
    .select({ rule: groupMoveRules })
    .from(groupMoveRules)
    .innerJoin(groups, and(eq(groups.id, groupMoveRules.targetGroupId), eq(groups.workspaceId, workspaceId)))
    .where(and(eq(groupMoveRules.workspaceId, workspaceId), eq(groupMoveRules.active, true)));
  return rows.map(({ rule }) => rule);
}

type Candidate = { id: string; groupId: string; approvedAt: Date | null; createdAt: Date };

type Metric = 'clicks' | 'leads' | 'sales' | 'revenue' | 'commissions';
const key = (metric: Metric, window: number | null) => `${metric}:${window ?? 'all'}`;

/** Each affiliate's totals for the windows the rules use (the clicks only if a rule counts them). */
async function readTotals(db: Db, workspaceId: string, ids: string[], rules: Rule[]): Promise<Map<string, Map<string, number>>> {
  const conditions = rules.flatMap((r) => r.conditions as MoveCondition[]).filter((c) => c.metric !== 'days_enrolled');
  const windows = [...new Set(conditions.map((c) => c.window_days))];
  const out = new Map(ids.map((id) => [id, new Map<string, number>()]));
  if (!windows.length || !ids.length) return out;
  const idList = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const since = (column: string, w: number | null) => (w === null ? sql`true` : sql`${sql.raw(column)} >= now() - make_interval(days => ${w})`);
  const put = (rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const m = out.get(row.affiliate_id as string);
      if (!m) continue;
      for (const [k, v] of Object.entries(row)) if (k !== 'affiliate_id') m.set(k, Number(v ?? 0));
    }
  };
  const currency = sql`(select s.currency from workspace_settings s where s.workspace_id = ${workspaceId})`;
  // Sales: confirmed or pending, not test; revenue: their amount net of refunds, in the workspace currency.
  const sale = sql`type = 'sale' and status in ('confirmed', 'pending')`;
  const conv = windows.flatMap((w) => [
    sql`count(*) filter (where type = 'lead' and ${since('ts', w)}) as ${sql.identifier(key('leads', w))}`,
    sql`count(*) filter (where ${sale} and ${since('ts', w)}) as ${sql.identifier(key('sales', w))}`,
    sql`coalesce(sum(amount - refunded_amount) filter (where ${sale} and currency = ${currency} and ${since('ts', w)}), 0) as ${sql.identifier(key('revenue', w))}`,
  ]);
  put(await rowsOf(db, sql`select affiliate_id, ${sql.join(conv, sql`, `)} from conversions
    where workspace_id = ${workspaceId} and affiliate_id in (${idList}) and not is_test group by affiliate_id`));
  // Commissions: live earnings (not denied or reversed), in the workspace currency.
  const com = windows.map((w) => sql`coalesce(sum(amount) filter (where ${since('created_at', w)}), 0) as ${sql.identifier(key('commissions', w))}`);
  put(await rowsOf(db, sql`select affiliate_id, ${sql.join(com, sql`, `)} from commissions
    where workspace_id = ${workspaceId} and affiliate_id in (${idList}) and kind = 'earning'
      and status in ('pending', 'approved', 'paid') and currency = ${currency} group by affiliate_id`));
  if (conditions.some((c) => c.metric === 'clicks')) {
    const clk = windows.map((w) => sql`count(*) filter (where ${since('ts', w)}) as ${sql.identifier(key('clicks', w))}`);
    put(await rowsOf(db, sql`select affiliate_id, ${sql.join(clk, sql`, `)} from clicks
      where workspace_id = ${workspaceId} and affiliate_id in (${idList}) group by affiliate_id`));
  }
  return out;
}

/**
 * Evaluates the given affiliates (at most MOVE_PAGE) against the rules: reads their totals and
 * applications, chooses, and moves each chosen one. Answers how many moved.
 */
export async function evaluateAffiliates(db: Db, workspaceId: string, candidates: Candidate[], rules: Rule[], actor: Actor = JOB_ACTOR, now = new Date()): Promise<number> {
  const ruled = new Set(rules.map((r) => r.groupId));
  const page = candidates.filter((c) => ruled.has(c.groupId));
  if (!page.length) return 0;
  const ids = page.map((c) => c.id);
  const totals = await readTotals(db, workspaceId, ids, rules);
  const applied = await db
    .select({ ruleId: groupMoveApplications.ruleId, affiliateId: groupMoveApplications.affiliateId })
    .from(groupMoveApplications)
    .where(and(eq(groupMoveApplications.workspaceId, workspaceId), inArray(groupMoveApplications.affiliateId, ids)));
  let moved = 0;
  for (const c of page) {
    const mine = totals.get(c.id)!;
    const total: Totals = (metric, window) => mine.get(key(metric, window)) ?? 0;
    const appliedRuleIds = new Set(applied.filter((a) => a.affiliateId === c.id).map((a) => a.ruleId));
    const rule = chooseMove({ groupId: c.groupId, daysEnrolled: daysBetween(c.approvedAt ?? c.createdAt, now), totals: total, appliedRuleIds }, rules);
    if (rule && (await moveAffiliate(db, workspaceId, c.id, rule, actor))) moved++;
  }
  return moved;
}

/**
 * One move in one transaction: the affiliate locked, still in the rule's group, the application
 * row inserted (the unique (rule, affiliate) index: once ever), then the ordinary move
 * (update-affiliate.ts: events, audit row). False when another evaluation got there first.
 */
export async function moveAffiliate(db: Db, workspaceId: string, affiliateId: string, rule: Rule, actor: Actor = JOB_ACTOR): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(affiliates).where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.id, affiliateId))).for('update');
    if (!current || current.groupId !== rule.groupId) return false;
    const [application] = await tx.insert(groupMoveApplications).values({ workspaceId, ruleId: rule.id, affiliateId }).onConflictDoNothing().returning();
    if (!application) return false;
    const ctx: ActingCtx = { db: tx, workspaceId, actor };
    await applyAffiliatePatch(tx, ctx, current, { groupId: rule.targetGroupId });
    return true;
  });
}

/** The next page of the workspace's active affiliates in ruled groups, after `after` (by id). */
async function nextPage(db: Db, workspaceId: string, groupIds: string[], after: string | null): Promise<Candidate[]> {
  if (!groupIds.length) return [];
  return db
    .select({ id: affiliates.id, groupId: affiliates.groupId, approvedAt: affiliates.approvedAt, createdAt: affiliates.createdAt })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.status, 'active'), inArray(affiliates.groupId, groupIds), after ? gt(affiliates.id, after) : undefined))
    .orderBy(asc(affiliates.id))
    .limit(MOVE_PAGE) as Promise<Candidate[]>;
}

export type RunReport = { evaluated: number; moved: number; more: boolean };

/** Evaluates the workspace's affiliates now, at most `pages` pages ("Run now", the nightly run). */
export async function evaluateWorkspace(db: Db, workspaceId: string, { pages = RUN_NOW_PAGES, after = null as string | null, actor = JOB_ACTOR }: { pages?: number; after?: string | null; actor?: Actor } = {}): Promise<RunReport & { last: string | null }> {
  const rules = await activeRules(db, workspaceId);
  const groupIds = [...new Set(rules.map((r) => r.groupId))];
  const report = { evaluated: 0, moved: 0, more: false, last: after };
  for (let i = 0; i < pages; i++) {
    const page = await nextPage(db, workspaceId, groupIds, report.last);
    report.evaluated += page.length;
    report.moved += await evaluateAffiliates(db, workspaceId, page, rules, actor);
    report.last = page.length ? page[page.length - 1].id : null;
    if (page.length < MOVE_PAGE) return { ...report, more: false, last: null };
  }
  return { ...report, more: true };
}

const workspacesWithRules = async (db: Db) =>
  (await rowsOf<{ workspace_id: string }>(db, sql`select distinct workspace_id from group_move_rules where active`)).map((r) => r.workspace_id);

/** Nightly: every workspace with active rules, a page at a time (days_enrolled and clicks move here). */
export async function evaluateEveryWorkspace(db: Db): Promise<SweepReport> {
  const after = new Map<string, string | null>();
  return sweepWorkspaces({
    db,
    queue: MOVE_NIGHTLY_QUEUE,
    workspaces: { ids: await workspacesWithRules(db), complete: true },
    limits: { batchSize: 1, rounds: Number.POSITIVE_INFINITY },
    batch: async (workspaceId) => {
      const run = await evaluateWorkspace(db, workspaceId, { pages: 1, after: after.get(workspaceId) ?? null });
      after.set(workspaceId, run.last);
      return run.more ? 1 : 0;
    },
  });
}

/**
 * After activity: the affiliates with conversions or commissions recorded since the workspace's
 * cursor (read through conversions_workspace_ts_idx and commissions_workspace_created_idx, so the
 * sale path does no work of its own), at most ACTIVITY_LIMIT rows of each a run.
 */
export async function evaluateActivity(db: Db): Promise<SweepReport> {
  const ids = await workspacesWithRules(db);
  // A workspace's first rule starts its cursor: activity before it is the nightly run's.
  await db.execute(sql`insert into group_move_cursors (workspace_id, after_at)
    select distinct workspace_id, now() - make_interval(secs => ${SETTLE_SECONDS}) from group_move_rules where active
    on conflict do nothing`);
  return sweepWorkspaces({
    db,
    queue: MOVE_ACTIVITY_QUEUE,
    workspaces: { ids, complete: true },
    limits: { batchSize: 1, rounds: 1 },
    batch: (workspaceId) => evaluateWorkspaceActivity(db, workspaceId),
  });
}

/** One workspace's activity since its cursor; answers 1 when it stopped at its limit (more to read). */
export async function evaluateWorkspaceActivity(db: Db, workspaceId: string, settleSeconds = SETTLE_SECONDS): Promise<number> {
  const [cursor] = await db.select().from(groupMoveCursors).where(eq(groupMoveCursors.workspaceId, workspaceId));
  if (!cursor) return 0;
  const after = cursor.afterAt.toISOString();
  const upTo = sql`now() - make_interval(secs => ${settleSeconds})`;
  const conv = await rowsOf<{ affiliate_id: string; at: string }>(db, sql`select affiliate_id, ts as at from conversions
    where workspace_id = ${workspaceId} and ts > ${after}::timestamptz and ts <= ${upTo} order by ts limit ${ACTIVITY_LIMIT}`);
  const com = await rowsOf<{ affiliate_id: string; at: string }>(db, sql`select affiliate_id, created_at as at from commissions
    where workspace_id = ${workspaceId} and created_at > ${after}::timestamptz and created_at <= ${upTo} order by created_at limit ${ACTIVITY_LIMIT}`);
  const [{ now }] = await rowsOf<{ now: string }>(db, sql`select ${upTo} as now`);
  // A full read stops the cursor at its last row, so the next run reads on from there.
  let until = new Date(now).getTime();
  for (const rows of [conv, com]) if (rows.length === ACTIVITY_LIMIT) until = Math.min(until, new Date(rows[rows.length - 1].at).getTime());
  const affected = [...new Set([...conv, ...com].filter((r) => new Date(r.at).getTime() <= until).map((r) => r.affiliate_id))];
  const rules = await activeRules(db, workspaceId);
  for (let i = 0; i < affected.length; i += MOVE_PAGE) {
    const slice = affected.slice(i, i + MOVE_PAGE);
    const page = (await db
      .select({ id: affiliates.id, groupId: affiliates.groupId, approvedAt: affiliates.approvedAt, createdAt: affiliates.createdAt })
      .from(affiliates)
      .where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.status, 'active'), inArray(affiliates.id, slice)))) as Candidate[];
    await evaluateAffiliates(db, workspaceId, page, rules);
  }
  await db.update(groupMoveCursors).set({ afterAt: new Date(until) }).where(eq(groupMoveCursors.workspaceId, workspaceId));
  return until < new Date(now).getTime() ? 1 : 0;
}
