// dashboard-only: the background jobs failing for this workspace (kept until they succeed again)
import { workspaceJobFailures } from '../../domain/jobs/failures';
import { workspaceProcedure } from '../../trpc/procedures';
import { listJobFailuresInput, listJobFailuresOutput } from './list-job-failures.types';

export const listJobFailuresProcedure = workspaceProcedure('read')
  .input(listJobFailuresInput)
  .output(listJobFailuresOutput)
  .query(async ({ ctx }) => ({
    data: (await workspaceJobFailures({ ctx })).map((f) => ({
      job: f.queue,
      error: f.error,
      failures: f.failures,
      first_failed_at: f.firstFailedAt.toISOString(),
      last_failed_at: f.lastFailedAt.toISOString(),
    })),
  }));
