import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { importRuns } from '@/db/schema';
import { addAuditEntry } from '../domain/audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../domain/context';
import { invalid, invalidState, notFound } from '../errors/errors';
import { openSecret, sealSecret, SecretUnavailable } from '../integrations/secret-box';
import { errorSummary, logError, logInfo } from '../lib/log';
import { isPeer, PEERS, type Peer, type PeerName } from './peers';
import { readSettings } from '../domain/settings/settings';
import { runImport, type ImportReport } from './run';
import type { ImportKind } from './types';

// Imports started on the dashboard's Import page (docs/moving-from-another-platform.md#from-the-dashboard):
// a row in import_runs, taken up by the import job (server/jobs/app-jobs.ts), which runs run.ts
// and writes the progress after each page and the report at the end. One import at a time per
// workspace. A run that fails half way says why; starting again resumes, since import_refs make
// every record come over once.
//
// The peer's API key: sealed into the row (secret-box, bound to the run's id) so a worker in
// another process (`npx refcount worker`) can run it, and cleared when the run ends, failed or
// done. It is never in an answer, a log line or the error text.

export type ImportRun = typeof importRuns.$inferSelect;

/** A running run not heard of this long (no page done) is taken as stopped: its process ended. */
export const STALE_RUN_MINUTES = 15;
const HEARTBEAT_MS = 60_000;
const aadOf = (run: { id: string; workspaceId: string }) => `${run.workspaceId}:import:${run.id}`;

export async function startImportRun({ ctx, peer, apiKey, account = null, dryRun }: { ctx: ActingCtx; peer: string; apiKey: string; account?: string | null; dryRun: boolean }): Promise<ImportRun> {
  if (!isPeer(peer)) throw invalid('peer', `one of ${Object.keys(PEERS).join(', ')}`);
  if (!apiKey.trim()) throw invalid('api_key', 'paste the API key of your account there');
  const { label, account: needs, keyProblem } = PEERS[peer] as Peer;
  const problem = keyProblem(apiKey.trim());
  if (problem) throw invalid('api_key', problem);
  if (needs && !account?.trim()) throw invalid('account', `${label} needs its ${needs.label} with the key`);
  return ctx.db.transaction(async (tx) => {
    await failStale(tx, ctx.workspaceId);
    const id = crypto.randomUUID();
    let sealed: string;
    try {
      sealed = sealSecret(apiKey.trim(), aadOf({ id, workspaceId: ctx.workspaceId }));
    } catch (err) {
      if (err instanceof SecretUnavailable) throw invalidState(err.message);
      throw err;
    }
    const [row] = await tx
      .insert(importRuns)
      .values({ id, workspaceId: ctx.workspaceId, peer, account: needs ? account!.trim() : null, dryRun, apiKeySealed: sealed, startedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalidState('an import is already running in this workspace; the Import page shows its progress');
    await addAuditEntry(tx, ctx, 'import.started', { type: 'import_run', id: row.id }, { after: { peer, dry_run: dryRun } });
    return row;
  });
}

/** Runs marked running whose process is gone: failed, their key cleared, so a new one may start. */
async function failStale(db: DbOrTx, workspaceId?: string) {
  await db
    .update(importRuns)
    .set({ status: 'failed', apiKeySealed: null, error: `stopped: no progress for ${STALE_RUN_MINUTES} minutes (the process running it ended); start again to resume`, finishedAt: new Date() })
    .where(
      and(
        workspaceId ? eq(importRuns.workspaceId, workspaceId) : undefined,
        eq(importRuns.status, 'running'),
        lt(importRuns.updatedAt, sql`now() - make_interval(mins => ${STALE_RUN_MINUTES}::int)`),
      ),
    );
}

export const IMPORT_RUNS_LIST_LIMIT = 20;

export async function listImportRuns(ctx: WorkspaceCtx, limit = IMPORT_RUNS_LIST_LIMIT): Promise<ImportRun[]> {
  return ctx.db.select().from(importRuns).where(eq(importRuns.workspaceId, ctx.workspaceId)).orderBy(desc(importRuns.createdAt), desc(importRuns.id)).limit(limit);
}

export async function getImportRun(ctx: WorkspaceCtx, id: string): Promise<ImportRun> {
  const [row] = await ctx.db.select().from(importRuns).where(and(eq(importRuns.workspaceId, ctx.workspaceId), eq(importRuns.id, id)));
  if (!row) throw notFound('import run');
  return row;
}

export const IMPORT_QUEUE = 'imports.run';

/**
 * Where a peer's API is reached: its own, or in development and the browser specs a stand-in
 * named by REFCOUNT_IMPORT_BASE_URL_<PEER> (read only outside production, or with
 * REFCOUNT_IMPORT_TEST_PEERS=true, which e2e/serve.mjs sets).
 */
export function peerBaseUrl(peer: PeerName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_ENV === 'production' && env.REFCOUNT_IMPORT_TEST_PEERS !== 'true') return undefined;
  return env[`REFCOUNT_IMPORT_BASE_URL_${peer.toUpperCase()}`] || undefined;
}

export type RunImportsOptions = { baseUrlOf?: (peer: PeerName) => string | undefined };

/** The import job: takes up the oldest queued run and runs it to its end. Answers whether more wait. */
export async function runQueuedImports(db: Db, { baseUrlOf = (p) => peerBaseUrl(p) }: RunImportsOptions = {}): Promise<{ ran: number; more: boolean }> {
  await failStale(db);
  const [next] = await db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.status, 'queued')).orderBy(importRuns.createdAt).limit(1);
  if (!next) return { ran: 0, more: false };
  const [run] = await db
    .update(importRuns)
    .set({ status: 'running', startedAt: new Date() })
    .where(and(eq(importRuns.id, next.id), eq(importRuns.status, 'queued')))
    .returning();
  // another worker took it
  if (run) await runOne(db, run, baseUrlOf);
  const [left] = await db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.status, 'queued')).limit(1);
  return { ran: run ? 1 : 0, more: !!left };
}

/** The report as stored and shown: the runner's, with its counts. */
export type StoredReport = ImportReport;

async function runOne(db: Db, run: ImportRun, baseUrlOf: (peer: PeerName) => string | undefined) {
  const end = (set: Partial<typeof importRuns.$inferInsert>) =>
    db.update(importRuns).set({ ...set, apiKeySealed: null, finishedAt: new Date() }).where(eq(importRuns.id, run.id));
  let apiKey: string;
  try {
    if (!isPeer(run.peer) || !run.apiKeySealed) throw new SecretUnavailable('the run has no peer or key');
    apiKey = openSecret(run.apiKeySealed, aadOf(run));
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
    await end({ status: 'failed', error: 'the API key could not be read (NEXTAUTH_SECRET changed?): paste it again and start again' });
    return;
  }
  const peer = run.peer as PeerName;
  const pages = new Map<ImportKind, number>();
  // progress writes in order, one after another, while the run goes on
  let written: Promise<unknown> = Promise.resolve();
  const onProgress = (kind: ImportKind, report: ImportReport) => {
    pages.set(kind, (pages.get(kind) ?? 0) + 1);
    const progress = { kind, pages: pages.get(kind)! };
    const snapshot = structuredClone(report);
    written = written
      .then(() => db.update(importRuns).set({ progress, report: snapshot }).where(eq(importRuns.id, run.id)))
      .catch((err) => logError('imports.progress', { run: run.id }, err));
  };
  // alive while a long step sends no progress (the Stripe scan reads every customer): not stale
  const heartbeat = setInterval(() => {
    written = written.then(() => db.update(importRuns).set({ updatedAt: new Date() }).where(and(eq(importRuns.id, run.id), eq(importRuns.status, 'running')))).catch((err) => logError('imports.heartbeat', { run: run.id }, err));
  }, HEARTBEAT_MS);
  try {
    const { currency } = await readSettings({ db, workspaceId: run.workspaceId });
    const source = (PEERS[peer] as Peer).make({ apiKey, account: run.account, currency, baseUrl: baseUrlOf(peer) });
    const report = await runImport({ db, workspaceId: run.workspaceId, source, dryRun: run.dryRun, onProgress });
    await written;
    await end({ status: 'done', report, error: null });
    logInfo('imports.done', { workspace: run.workspaceId, run: run.id, peer, dry_run: run.dryRun });
  } catch (err) {
    await written;
    // the run's words, never the key (a peer's message could echo what it was sent)
    const words = errorSummary(err).split(apiKey).join('…') || 'the import stopped';
    await end({ status: 'failed', error: words });
    logInfo('imports.failed', { workspace: run.workspaceId, run: run.id, peer, error: words });
  } finally {
    clearInterval(heartbeat);
  }
}
