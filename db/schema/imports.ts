import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';

// What an import from another affiliate platform (server/importers/) already brought over: one row
// per peer record, so a rerun skips it and a run broken half way resumes where it stopped
// (docs/moving-from-another-platform.md). `local_id` is the Refcount record it became.
export const importRefs = pgTable(
  'import_refs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // the peer: rewardful, firstpromoter, …
    source: text('source').notNull(),
    // campaign, affiliate, code, referral, commission, payout
    kind: text('kind').notNull(),
    // the peer's id of the record
    externalId: text('external_id').notNull(),
    localId: uuid('local_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // the importer's lookup before each write, what makes a rerun add nothing twice, and (by its
    // prefix) the report's counts per kind
    uniqueIndex('import_refs_uq').on(t.workspaceId, t.source, t.kind, t.externalId),
  ],
);

// An import started on the dashboard's Import page, run by the import job (server/importers/
// import-runs.ts): where it stands, shown while it runs, and its report once done. The peer's API
// key is sealed (server/integrations/secret-box.ts) only while the run is queued or running, and
// cleared when it ends; errors are the run's words, never the key.
export const importRuns = pgTable(
  'import_runs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // the peer: rewardful, …
    peer: text('peer').notNull(),
    // the id the peer's API needs beside the key (FirstPromoter's account, Tolt's program); not secret
    account: text('account'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    dryRun: boolean('dry_run').notNull(),
    // the peer's API key, sealed; null once the run ended
    apiKeySealed: text('api_key_sealed'),
    // what it reads now: { kind, pages } (pages read so far of that kind)
    progress: jsonb('progress').$type<{ kind: string; pages: number } | null>(),
    // the report so far, then the final one (server/importers/run.ts ImportReport)
    report: jsonb('report').$type<Record<string, unknown> | null>(),
    error: text('error'),
    startedBy: text('started_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    // at most one import queued or running per workspace
    uniqueIndex('import_runs_active_uq').on(t.workspaceId).where(sql`${t.status} in ('queued', 'running')`),
    // the page's history, newest first
    index('import_runs_recent_idx').on(t.workspaceId, t.createdAt),
  ],
);
