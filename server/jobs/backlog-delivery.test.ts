import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobFailures, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import { createUser } from '../domain/users/users';
import { deliverOutbox, OUTBOX_LIMITS } from '../domain/mail/deliver-outbox';
import { DISPATCH_LIMITS, DISPATCH_QUEUE, dispatchPendingEvents } from '../domain/webhooks/dispatch-events';
import type { DeliveryJob } from '../domain/webhooks/delivery-job';
import { startTestApi, type TestApi } from '../testing/api';
import { refuseWrites } from '../testing/refuse-writes';
import { dashboardCaller } from '../testing/session-caller';

// Issue 43: every sweeping job works in bounded batches, workspaces take turns, and one
// workspace's backlog or failure never holds up another's. Webhook dispatch and the e-mail outbox,
// each with 50,000 rows waiting in one workspace and one row in another.
const BACKLOG = 50_000;

let api: TestApi;
let big: Awaited<ReturnType<TestApi['workspace']>>;
let small: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  big = await api.workspace(['*'], 'Big');
  small = await api.workspace(['*'], 'Small');
});
afterAll(() => api.close());

const endpointOf = async (workspaceId: string) =>
  (await api.db.insert(webhookEndpoints).values({ workspaceId, url: 'https://hooks.example.com/x', events: ['*'], secret: 'whsec_test' }).returning())[0];
const pendingEvents = async (workspaceId: string, n: number, type = 'conversion.created') =>
  api.db.execute(sql`
    insert into webhook_events (id, workspace_id, type, payload, created_at)
    select gen_random_uuid(), ${workspaceId}::uuid, ${type}, '{}'::jsonb, now() - interval '1 hour' + g * interval '1 millisecond'
    from generate_series(1, ${n}) g`);
const undispatched = async (workspaceId: string) =>
  (await api.db.select({ n: count() }).from(webhookEvents).where(and(eq(webhookEvents.workspaceId, workspaceId), isNull(webhookEvents.dispatchedAt))))[0].n;
const deliveriesOf = async (workspaceId: string) =>
  (await api.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, workspaceId)))[0].n;

describe('webhook dispatch with a backlog', () => {
  it("dispatches another workspace's event in the first run and fans 50,000 out in bounded runs", async () => {
    await endpointOf(big.id);
    await endpointOf(small.id);
    await pendingEvents(big.id, BACKLOG);
    await pendingEvents(small.id, 1);
    const jobs: DeliveryJob[] = [];
    const enqueue = async (batch: DeliveryJob[]) => void jobs.push(...batch);

    const first = await dispatchPendingEvents(api.db, enqueue);
    expect(await undispatched(small.id)).toBe(0);
    const perRun = DISPATCH_LIMITS.batchSize * DISPATCH_LIMITS.rounds;
    expect(first).toEqual({ done: perRun + 1, more: true, failed: 0 });
    expect(await undispatched(big.id)).toBe(BACKLOG - perRun);

    const runs: { ms: number; heapMb: number }[] = [];
    for (let more = first.more; more; ) {
      const started = performance.now();
      more = (await dispatchPendingEvents(api.db, enqueue)).more;
      runs.push({ ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
      expect(runs.length).toBeLessThanOrEqual(BACKLOG / perRun);
    }
    console.info(`dispatch backlog runs (${perRun} events each):`, JSON.stringify(runs));
    expect(await undispatched(big.id)).toBe(0);
    // one delivery (and one job) per event, none twice
    expect(await deliveriesOf(big.id)).toBe(BACKLOG);
    expect(new Set(jobs.map((j) => j.deliveryId)).size).toBe(BACKLOG + 1);
  }, 300_000);

  it('isolates a workspace whose dispatch fails, keeps the failure for its dashboard, and clears it on success', async () => {
    await pendingEvents(big.id, 3, 'affiliate.created');
    await pendingEvents(small.id, 2, 'affiliate.created');
    const allow = await refuseWrites(api.db, { table: 'webhook_deliveries', workspaceId: big.id, on: 'insert' });
    const noop = async () => {};
    expect(await dispatchPendingEvents(api.db, noop)).toMatchObject({ failed: 1 });
    expect(await undispatched(small.id)).toBe(0);
    expect(await undispatched(big.id)).toBe(3); // rolled back whole: nothing half-dispatched

    const owner = await createUser(api.db, { email: `owner-${big.id}@example.com`, password: 'password-1', workspaceId: big.id, role: 'owner' });
    const other = await createUser(api.db, { email: `owner-${small.id}@example.com`, password: 'password-1', workspaceId: small.id, role: 'owner' });
    const shown = await (await dashboardCaller(api, owner.id)).reports.jobFailures();
    expect(shown.data).toEqual([expect.objectContaining({ job: DISPATCH_QUEUE, failures: 1, error: expect.stringContaining('refused for this workspace') })]);
    expect((await (await dashboardCaller(api, other.id)).reports.jobFailures()).data).toEqual([]);

    await allow();
    await api.db.update(jobFailures).set({ lastFailedAt: new Date(Date.now() - 3_600_000) });
    expect(await dispatchPendingEvents(api.db, noop)).toMatchObject({ done: 3, failed: 0 });
    expect(await undispatched(big.id)).toBe(0);
    expect((await (await dashboardCaller(api, owner.id)).reports.jobFailures()).data).toEqual([]);
  });
});

const queuedMail = async (workspaceId: string, n: number) =>
  api.db.execute(sql`
    insert into email_outbox (id, workspace_id, kind, "to", subject, body, created_at)
    select gen_random_uuid(), ${workspaceId}::uuid, 'broadcast', 'a' || g || '@example.com', 'News', 'Hello', now() - interval '1 hour' + g * interval '1 millisecond'
    from generate_series(1, ${n}) g`);
const mailIn = async (workspaceId: string, status: 'queued' | 'logged') =>
  (await api.db.select({ n: count() }).from(emailOutbox).where(and(eq(emailOutbox.workspaceId, workspaceId), eq(emailOutbox.status, status))))[0].n;

describe('the e-mail outbox with a backlog', () => {
  it("sends another workspace's message in the first run while 50,000 wait in one workspace", async () => {
    await queuedMail(big.id, BACKLOG);
    await queuedMail(small.id, 1);
    const quiet = () => {};
    const runs: { ms: number; heapMb: number; logged: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const report = await deliverOutbox({ db: api.db, log: quiet });
      runs.push({ ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20), logged: report.logged });
      expect(report.more).toBe(true);
      if (i === 0) expect(await mailIn(small.id, 'logged')).toBe(1);
    }
    console.info('outbox backlog runs:', JSON.stringify(runs));
    const perRun = OUTBOX_LIMITS.batchSize * OUTBOX_LIMITS.rounds;
    // each run sends at most its rounds of batches from the big workspace, oldest first
    expect(runs.map((r) => r.logged)).toEqual([perRun + 1, perRun, perRun]);
    expect(await mailIn(big.id, 'logged')).toBe(3 * perRun);
    expect(await mailIn(big.id, 'queued')).toBe(BACKLOG - 3 * perRun);
    const [oldestLeft] = await api.db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.workspaceId, big.id), eq(emailOutbox.status, 'queued')))
      .orderBy(emailOutbox.createdAt)
      .limit(1);
    expect(oldestLeft.to).toBe(`a${3 * perRun + 1}@example.com`);
  }, 120_000);

  it('stops at its budget across many workspaces, and the next run picks up the rest', async () => {
    await api.db.execute(sql`update email_outbox set status = 'logged' where status = 'queued'`);
    const many = await Promise.all(Array.from({ length: 30 }, () => api.workspace([])));
    for (const ws of many) await queuedMail(ws.id, 10);
    const first = await deliverOutbox({ db: api.db, log: () => {} });
    expect(first).toMatchObject({ logged: OUTBOX_LIMITS.budget, more: true });
    const second = await deliverOutbox({ db: api.db, log: () => {} });
    expect(second).toMatchObject({ logged: 300 - OUTBOX_LIMITS.budget!, more: false });
  });
});
