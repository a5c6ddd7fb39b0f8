import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { integrationBackfills } from '@/db/schema';
import { invalid, invalidState } from '../errors/errors';
import { addAuditEntry } from '../domain/audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../domain/context';
import { sweepCursor, sweepWorkspaces, type SweepLimits } from '../domain/jobs/sweep';
import { workspacesWith } from '../domain/jobs/workspaces-with';
import { errorSummary, logInfo } from '../lib/log';
import type { Backfill, BackfillCounts, BackfillKind, BackfillPage } from './backfill-page';
import type { PaymentProvider } from './provider';
import { ProviderApiError } from './provider-api';
import { SecretUnavailable } from './secret-box';
import { apiKeyOf, findIntegration } from './settings';
import { paddleBackfill } from './paddle/backfill';
import { stripeBackfill } from './stripe/backfill';

// A backfill brings a provider's past customers and payments in through the API key, page by
// page in the backfill job (server/jobs/integration-jobs.ts), through the same handlers as live
// events: a sale is one conversion on its external id whichever comes first.
// docs/integrations/stripe.md "Backfill" (and "Paddle Billing").

export type { Backfill } from './backfill-page';

// How far back a backfill may reach: Stripe keeps everything, but an affiliate's cookie window
// and a rule's months make older sales earn nothing worth the reading.
export const BACKFILL_MAX_DAYS = 730;
const DAY_MS = 86_400_000;

// The providers with a backfill; one without an entry has none.
const KINDS = new Map<string, BackfillKind>([
  ['stripe', stripeBackfill],
  ['paddle', paddleBackfill],
]);

export const hasBackfill = (provider: PaymentProvider) => KINDS.has(provider.name);

export async function latestBackfill(ctx: WorkspaceCtx, provider: PaymentProvider): Promise<Backfill | undefined> {
  const [row] = await ctx.db
    .select()
    .from(integrationBackfills)
    .where(and(eq(integrationBackfills.workspaceId, ctx.workspaceId), eq(integrationBackfills.provider, provider.name)))
    .orderBy(desc(integrationBackfills.createdAt), desc(integrationBackfills.id))
    .limit(1);
  return row;
}

/**
 * Starts a backfill of what was paid since `since` (at most BACKFILL_MAX_DAYS back, not in the
 * future); it needs the API key, and one runs at a time per provider. The job takes it up.
 */
export async function startBackfill({ ctx, provider, since, now = new Date() }: { ctx: ActingCtx; provider: PaymentProvider; since: Date; now?: Date }): Promise<Backfill> {
  const kind = KINDS.get(provider.name);
  if (!kind) throw invalidState(`${provider.label} has no backfill`);
  // Whole days: the first day allowed is the one BACKFILL_MAX_DAYS before today (UTC).
  const earliest = new Date(Math.floor(now.getTime() / DAY_MS - BACKFILL_MAX_DAYS) * DAY_MS);
  if (Number.isNaN(since.getTime()) || since > now) throw invalid('since', 'a date in the past');
  if (since < earliest) throw invalid('since', `at most ${BACKFILL_MAX_DAYS} days back (not before ${earliest.toISOString().slice(0, 10)})`);
  return ctx.db.transaction(async (tx) => {
    const integration = await findIntegration({ ctx: { ...ctx, db: tx }, provider: provider.name });
    if (!integration?.apiKeySealed) throw invalidState(`set a ${provider.label} API key first: a backfill reads the account through it`);
    const running = await latestBackfill({ ...ctx, db: tx }, provider);
    if (running?.status === 'running') throw invalidState('a backfill is already running; it shows its progress on the Integrations page');
    const [row] = await tx
      .insert(integrationBackfills)
      .values({ workspaceId: ctx.workspaceId, provider: provider.name, since, ...kind.first, startedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw invalidState('a backfill is already running; it shows its progress on the Integrations page');
    await addAuditEntry(tx, ctx, 'integration.backfill_started', { type: 'integration_backfill', id: row.id }, { after: { provider: provider.name, since: since.toISOString() } });
    return row;
  });
}

// How long one page may hold a backfill before another worker may take it (a crashed one), and
// how long a backfill waits after the provider could not be reached.
const LEASE_SECONDS = 300;
const UNAVAILABLE_WAIT_SECONDS = 60;
const inSeconds = (s: number) => sql`now() + make_interval(secs => ${s}::int)`;

type BackfillSet = PgUpdateSetSource<typeof integrationBackfills>;

async function finish(db: Db, b: Backfill, set: BackfillSet) {
  await db
    .update(integrationBackfills)
    .set({ ...set, leaseUntil: null, updatedAt: new Date() })
    .where(eq(integrationBackfills.id, b.id));
}

/**
 * One page of a running backfill: claimed with a lease (two workers never read the same page),
 * read and applied, then its counts and cursor stored in one statement, so a stop resumes at the
 * page it stopped in (whose sales are then counted as existing). Answers whether more is left.
 */
export async function runBackfillPage(db: Db, b: Backfill): Promise<boolean> {
  const [claimed] = await db
    .update(integrationBackfills)
    .set({ leaseUntil: inSeconds(LEASE_SECONDS) })
    .where(and(eq(integrationBackfills.id, b.id), eq(integrationBackfills.status, 'running'), sql`(${integrationBackfills.leaseUntil} is null or ${integrationBackfills.leaseUntil} <= now())`))
    .returning();
  if (!claimed) return false;
  const kind = KINDS.get(claimed.provider);
  const integration = await findIntegration({ ctx: { db, workspaceId: claimed.workspaceId }, provider: claimed.provider });
  let key: string | null = null;
  try {
    key = integration ? apiKeyOf(integration) : null;
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
  }
  if (!kind || !integration || !key) {
    await finish(db, claimed, { status: 'failed', detail: 'the integration or its API key was removed (or can no longer be read): set the key and start again', finishedAt: new Date() });
    return false;
  }
  let page: Awaited<ReturnType<BackfillPage>>;
  try {
    page = await kind.page({ db, integration, key, backfill: claimed });
  } catch (err) {
    if (!(err instanceof ProviderApiError)) {
      await finish(db, claimed, { detail: `error: ${errorSummary(err)}` });
      throw err;
    }
    if (err.failure === 'permission' || err.failure === 'unauthorized') {
      await finish(db, claimed, { status: 'failed', detail: err.message, finishedAt: new Date() });
      return false;
    }
    // The provider busy or away: the same page again in a minute.
    await db
      .update(integrationBackfills)
      .set({ detail: `waiting: ${err.message}`, leaseUntil: inSeconds(UNAVAILABLE_WAIT_SECONDS), updatedAt: new Date() })
      .where(eq(integrationBackfills.id, claimed.id));
    return false;
  }
  const c = page.counts;
  const add = (col: keyof BackfillCounts) => sql`${integrationBackfills[col]} + ${c[col] ?? 0}`;
  const done = page.phase === 'done';
  await finish(db, claimed, {
    phase: page.phase,
    cursor: page.cursor,
    checkouts: add('checkouts'),
    customers: add('customers'),
    invoices: add('invoices'),
    transactions: add('transactions'),
    linked: add('linked'),
    conversionsCreated: add('conversionsCreated'),
    conversionsExisting: add('conversionsExisting'),
    pages: sql`${integrationBackfills.pages} + 1`,
    detail: null,
    ...(done ? { status: 'done' as const, finishedAt: new Date() } : {}),
  });
  if (done) logInfo('integrations.backfill_done', { workspace: claimed.workspaceId, provider: claimed.provider, backfill: claimed.id });
  return !done;
}

export const BACKFILL_QUEUE = 'integrations.backfill';
// A page is at most a few hundred objects; a workspace gets a few pages a run, all of them
// together a bounded number, so one merchant's long history takes turns with the others'.
export const BACKFILL_LIMITS: SweepLimits = { batchSize: 1, rounds: 5, budget: 20 };

/** The backfill job's sweep: a page of each running backfill in turn (domain/jobs/sweep.ts). */
export async function runBackfills(db: Db, limits = BACKFILL_LIMITS): Promise<{ pages: number; more: boolean }> {
  let pages = 0;
  const { more } = await sweepWorkspaces({
    db,
    queue: BACKFILL_QUEUE,
    workspaces: await workspacesWith(db, 'integration_backfills', sql`status = 'running'`, { after: sweepCursor(BACKFILL_QUEUE) }),
    limits,
    batch: async (workspaceId) => {
      const running = await db
        .select()
        .from(integrationBackfills)
        .where(and(eq(integrationBackfills.workspaceId, workspaceId), eq(integrationBackfills.status, 'running'), sql`(${integrationBackfills.leaseUntil} is null or ${integrationBackfills.leaseUntil} <= now())`))
        .limit(1);
      if (!running.length) return 0;
      pages++;
      return (await runBackfillPage(db, running[0])) ? 1 : 0;
    },
  });
  return { pages, more };
}
