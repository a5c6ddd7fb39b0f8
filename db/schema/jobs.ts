import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// A background job that failed for one workspace, kept until a run for that workspace succeeds:
// the dashboard shows it, and the log says it once (when the row is made), not on every tick.
// docs/operations.md "Background jobs".
export const jobFailures = pgTable(
  'job_failures',
  {
    queue: text('queue').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    // the first line of the error, bounded; never a body, a secret or bound parameters
    error: text('error').notNull(),
    failures: integer('failures').notNull().default(1),
    firstFailedAt: ts('first_failed_at').notNull().defaultNow(),
    lastFailedAt: ts('last_failed_at').notNull().defaultNow(),
  },
  // the dashboard reads one workspace's rows; the job clears (queue, workspace) on success
  (t) => [primaryKey({ columns: [t.workspaceId, t.queue] })],
);
