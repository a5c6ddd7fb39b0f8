import type { Db } from '@/db/client';
import { clearFailure, failuresOf, noteFailure, type JobFailure } from './failures';
import type { WorkspaceList } from './workspaces-with';

/**
 * One bounded unit of a job's work for one workspace, in its own transaction: it handles at most
 * `batchSize` rows and says how many it handled. Fewer than `batchSize` means the workspace has
 * nothing more due now.
 */
export type WorkspaceBatch = (workspaceId: string) => Promise<number>;

export type SweepLimits = {
  /** Rows per batch (the batch function's own limit). */
  batchSize: number;
  /** Batches per workspace in one run: a backlog is drained by the next runs, not one long loop. */
  rounds: number;
  /** Rows in one run, all workspaces together (when a row is slow to handle: an e-mail). */
  budget?: number;
};

export type SweepReport = {
  /** Rows handled in this run. */
  done: number;
  /** Some workspace still had a full batch when the run stopped: run again soon. */
  more: boolean;
  /** Workspaces whose batch failed in this run (each recorded in job_failures). */
  failed: number;
};

// A failing workspace is tried again after 2^n seconds (n failures so far), at most every 5
// minutes: its failure is retried without spending every tick on it.
const retryAfterMs = (f: JobFailure) => Math.min(2 ** Math.min(f.failures, 20), 300) * 1000;

// The last workspace each queue served in this process: the next run starts after it, so when a
// run stops at its budget the workspaces it did not reach go first next time, not never.
const lastServed = new Map<string, string>();

/** Where the queue's next run starts (for workspacesWith's `after`). */
export const sweepCursor = (queue: string) => lastServed.get(queue);

/** The ids in turn order: ascending, starting after the queue's last served one, wrapping around. */
function inTurnOrder(queue: string, ids: string[]) {
  const sorted = [...ids].sort();
  const after = lastServed.get(queue);
  const start = after === undefined ? 0 : sorted.findIndex((id) => id > after);
  return start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
}

/**
 * How every sweeping job walks its backlog (docs/operations.md "Background jobs"): round by round,
 * one batch for each workspace that still has work, so a workspace with 50,000 due rows takes its
 * turn beside one with a single row instead of ahead of it. Each batch commits on its own, so a
 * crash resumes where it stopped; a failing batch stops only its own workspace (recorded once in
 * job_failures and the log, cleared by its next success) and the others go on.
 */
export async function sweepWorkspaces({
  db,
  queue,
  workspaces,
  batch,
  limits,
  now = Date.now(),
}: {
  db: Db;
  queue: string;
  /** The workspaces with work due; when complete, a failing one not among them has nothing left to fail. */
  workspaces: WorkspaceList;
  batch: WorkspaceBatch;
  limits: SweepLimits;
  now?: number;
}): Promise<SweepReport> {
  const failing = await failuresOf(db, queue);
  const report: SweepReport = { done: 0, more: false, failed: 0 };
  const listed = new Set(workspaces.ids);
  for (const workspaceId of failing.keys()) {
    if (workspaces.complete && !listed.has(workspaceId)) {
      failing.delete(workspaceId);
      await clearFailure(db, queue, workspaceId);
    }
  }
  let pending = inTurnOrder(queue, workspaces.ids).filter((id) => {
    const f = failing.get(id);
    return !f || now - f.lastFailedAt.getTime() >= retryAfterMs(f);
  });
  for (let round = 0; round < limits.rounds && pending.length; round++) {
    const next: string[] = [];
    for (const workspaceId of pending) {
      let handled: number;
      lastServed.set(queue, workspaceId);
      try {
        handled = await batch(workspaceId);
      } catch (err) {
        await noteFailure(db, queue, workspaceId, err);
        report.failed++;
        continue;
      }
      if (failing.delete(workspaceId)) await clearFailure(db, queue, workspaceId);
      report.done += handled;
      if (handled >= limits.batchSize) next.push(workspaceId);
      if (report.done >= (limits.budget ?? Number.POSITIVE_INFINITY)) {
        // out of budget: whoever had not had this round's turn, or has more, goes next run
        report.more = true;
        return report;
      }
    }
    pending = next;
  }
  // a list cut at its limit left workspaces out: they are served by the next run, at once
  report.more = pending.length > 0 || !workspaces.complete;
  return report;
}
