import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobFailures } from '@/db/schema';
import { errorSummary, logError, logInfo } from '../../lib/log';
import type { WorkspaceCtx } from '../context';

// A job's failure for one workspace, kept until that workspace's next success
// (docs/operations.md "Background jobs").

export type JobFailure = typeof jobFailures.$inferSelect;

/** Records a failed run for a workspace; logs it only the first time, not on every tick. */
export async function noteFailure(db: Db, queue: string, workspaceId: string, err: unknown): Promise<JobFailure> {
  const [row] = await db
    .insert(jobFailures)
    .values({ queue, workspaceId, error: errorSummary(err) })
    .onConflictDoUpdate({
      target: [jobFailures.workspaceId, jobFailures.queue],
      set: { failures: sql`${jobFailures.failures} + 1`, lastFailedAt: sql`now()`, error: sql`excluded.error` },
    })
    .returning();
  if (row.failures === 1) logError('jobs.workspace_failed', { queue, workspace: workspaceId }, err);
  return row;
}

/** A workspace's run succeeded again: its failure is over (said once, like the failure). */
export async function clearFailure(db: Db, queue: string, workspaceId: string) {
  const gone = await db
    .delete(jobFailures)
    .where(and(eq(jobFailures.queue, queue), eq(jobFailures.workspaceId, workspaceId)))
    .returning({ failures: jobFailures.failures });
  if (gone.length) logInfo('jobs.workspace_recovered', { queue, workspace: workspaceId, failures: gone[0].failures });
}

/** The queue's failing workspaces (usually none: one read per run). */
export async function failuresOf(db: Db, queue: string): Promise<Map<string, JobFailure>> {
  const rows = await db.select().from(jobFailures).where(eq(jobFailures.queue, queue));
  return new Map(rows.map((r) => [r.workspaceId, r]));
}

/** What the dashboard shows a workspace: its background jobs that are failing now. */
export async function workspaceJobFailures({ ctx }: { ctx: WorkspaceCtx }): Promise<JobFailure[]> {
  return ctx.db.select().from(jobFailures).where(eq(jobFailures.workspaceId, ctx.workspaceId)).orderBy(jobFailures.queue);
}
