import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates } from '@/db/schema';
import type { Bounty } from '../../contracts/bounty';
import type { Commission } from '../commissions/read';
import { sweepCursor, sweepWorkspaces, type SweepLimits, type SweepReport } from '../jobs/sweep';
import { workspacesWith } from '../jobs/workspaces-with';
import { readSettings } from '../settings/settings';
import { livePerformanceBounties } from './bounties';
import { writeBountyCommission } from './earn';
import { bountyWindow, isOpen, reached } from './period';
import { totalsOf } from './totals';

export const BOUNTY_QUEUE = 'bounties.evaluate';

// 500 affiliates a batch (one totals read per live bounty, at most 100 of them), 10 batches a
// workspace a run: a run reads at most 5,000 affiliates of each workspace, and the next run
// goes on from where it stopped.
export const BOUNTY_LIMITS: SweepLimits = { batchSize: 500, rounds: 10 };

// An ended bounty is still judged this long after its end, as at its last instant, so what
// arrived in its last minutes (and the rollups' few seconds of lag) still counts.
const GRACE_MS = 2 * 86_400_000;

/** Whether the job judges the bounty at `now`: started, and not ended more than the grace ago. */
const judged = (b: Bounty, now: Date) =>
  b.metric !== null && b.target !== null && isOpen({ ...b, endsAt: b.endsAt ? new Date(b.endsAt.getTime() + GRACE_MS) : null }, now);

/**
 * Judges the workspace's live performance bounties for these affiliates at `now` and writes the
 * commission of each bounty reached in its current period, once (writeBountyCommission). Two
 * evaluations racing write one commission between them. Answers the commissions written.
 */
export async function evaluateBounties({ db, workspaceId, affiliateIds, now = new Date() }: { db: Db; workspaceId: string; affiliateIds: string[]; now?: Date }) {
  const ctx = { db, workspaceId };
  const settings = await readSettings(ctx);
  const live = (await livePerformanceBounties(ctx)).filter((b) => judged(b, now));
  const written: Commission[] = [];
  for (const bounty of live) {
    const window = bountyWindow(bounty, now, settings.timezone);
    const totals = await totalsOf(db, { workspaceId, affiliateIds, window, currency: bounty.currency });
    const due = affiliateIds.filter((id) => reached({ metric: bounty.metric!, target: bounty.target! }, totals.get(id)!));
    if (!due.length) continue;
    // one transaction a bounty: its commissions and their events together
    await db.transaction(async (tx) => {
      for (const affiliateId of due) {
        const row = await writeBountyCommission(tx, { bounty, affiliateId, periodKey: window.key, settings, now });
        if (row) written.push(row);
      }
    });
  }
  return written;
}

// Where each workspace's walk over its affiliates stands (this process): the next batch goes on
// after it; a lost cursor (a restart) only starts the walk again, which writes nothing twice.
const cursors = new Map<string, string>();

async function evaluateBatch(db: Db, workspaceId: string, now: Date, size: number): Promise<number> {
  const after = cursors.get(workspaceId);
  const page = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.status, 'active'), after ? gt(affiliates.id, after) : undefined))
    .orderBy(asc(affiliates.id))
    .limit(size);
  if (page.length < size) cursors.delete(workspaceId);
  else cursors.set(workspaceId, page[page.length - 1].id);
  await evaluateBounties({ db, workspaceId, affiliateIds: page.map((a) => a.id), now });
  return page.length;
}

/**
 * The bounty job (every few minutes, server/jobs/app-jobs.ts): every workspace with a live
 * performance bounty, a page of active affiliates at a time, fairly (domain/jobs/sweep.ts).
 */
export async function evaluateEveryWorkspace(db: Db, now = new Date(), limits = BOUNTY_LIMITS): Promise<SweepReport> {
  const withBounties = await workspacesWith(db, 'bounties', sql`type = 'performance' and not archived`, { after: sweepCursor(BOUNTY_QUEUE) });
  return sweepWorkspaces({
    db,
    queue: BOUNTY_QUEUE,
    workspaces: withBounties,
    limits,
    batch: (workspaceId) => evaluateBatch(db, workspaceId, now, limits.batchSize),
  });
}
