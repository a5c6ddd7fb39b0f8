import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyRollups, integrationEvents, jobFailures, riskAssessments, rollupDeltas } from '@/db/schema';
import { retryDueEvents, RETRY_LIMITS } from '../integrations/process-event';
import { foldRollups } from '../domain/rollups/fold';
import { assessTriggered, RISK_TRIGGERS_QUEUE } from '../domain/risk/scheduled';
import { startTestApi, type TestApi } from '../testing/api';
import { refuseWrites } from '../testing/refuse-writes';
import { seedAffiliate, seedCampaign } from '../testing/seed';

// Issue 43: the risk triggers, the rollup fold and the payment-provider retries, each with 50,000
// rows waiting in one workspace and one in another: the other is served in the first run, memory
// stays flat, and a failing workspace stops only itself.
const BACKLOG = 50_000;

let api: TestApi;
type Shop = { id: string; campaignId: string; affiliateIds: string[] };
let big: Shop;
let small: Shop;
const shopOf = async (): Promise<Shop> => {
  const ws = await api.workspace(['*']);
  const campaign = await seedCampaign(api.db, ws.id);
  const affiliates = [await seedAffiliate(api.db, ws.id, { campaignId: campaign.id }), await seedAffiliate(api.db, ws.id, { campaignId: campaign.id })];
  return { id: ws.id, campaignId: campaign.id, affiliateIds: affiliates.map((a) => a.id) };
};
beforeAll(async () => {
  api = await startTestApi();
  big = await shopOf();
  small = await shopOf();
});
afterAll(() => api.close());

const assessed = async (shop: Shop) =>
  (await api.db.select({ n: count() }).from(riskAssessments).where(eq(riskAssessments.workspaceId, shop.id)))[0].n;

describe('risk triggers with a backlog', () => {
  const refunded = (shop: Shop, n: number) =>
    api.db.execute(sql`
      insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, refunded_amount, currency, external_id, ts)
      select gen_random_uuid(), ${shop.id}::uuid, ${shop.campaignId}::uuid, (array[${shop.affiliateIds[0]}::uuid, ${shop.affiliateIds[1]}::uuid])[1 + g % 2],
             'sale', 'refunded', 1000, 1000, 'usd', 'rf_' || gen_random_uuid(), now() - interval '1 day'
      from generate_series(1, ${n}) g`);

  it('re-assesses both workspaces after 50,000 refunds in one, each affiliate once', async () => {
    await refunded(big, BACKLOG);
    await refunded(small, 1);
    const started = performance.now();
    expect(await assessTriggered(api.db, null)).toEqual({ done: 0, more: false, failed: 0 });
    console.info('risk triggers run:', JSON.stringify({ ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }));
    expect(await assessed(big)).toBe(2);
    expect(await assessed(small)).toBe(1);
  }, 120_000);

  it("isolates a workspace whose assessment fails and says so once", async () => {
    const allow = await refuseWrites(api.db, { table: 'risk_assessments', workspaceId: big.id, on: 'insert' });
    try {
      expect(await assessTriggered(api.db, null)).toMatchObject({ failed: 1 });
      expect(await assessed(small)).toBe(2);
      expect(await assessed(big)).toBe(2);
      expect(await api.db.select().from(jobFailures).where(eq(jobFailures.workspaceId, big.id))).toEqual([
        expect.objectContaining({ queue: RISK_TRIGGERS_QUEUE, failures: 1 }),
      ]);
    } finally {
      await allow();
    }
  });
});

describe('the rollup fold with a backlog', () => {
  it("folds another workspace's delta in the same call as 50,000 of one workspace, exactly", async () => {
    const deltas = (shop: Shop, n: number) =>
      api.db.execute(sql`
        insert into rollup_deltas (id, workspace_id, day, campaign_id, affiliate_id, currency, clicks, sales, revenue)
        select gen_random_uuid(), ${shop.id}::uuid, '2026-11-01', ${shop.campaignId}::uuid, ${shop.affiliateIds[0]}::uuid, 'usd', 1, 1, 250
        from generate_series(1, ${n}) g`);
    await deltas(big, BACKLOG);
    await deltas(small, 1);
    const batches: number[] = [];
    const started = performance.now();
    for (let n = -1; n !== 0; ) {
      const t = performance.now();
      n = await foldRollups({ db: api.db, maxBatches: 1 });
      batches.push(Math.round(performance.now() - t));
    }
    console.info('fold backlog, ms per batch of 5,000:', JSON.stringify(batches), 'total', Math.round(performance.now() - started));
    expect(batches.length).toBe(Math.ceil((BACKLOG + 1) / 5_000) + 1);
    expect((await api.db.select({ n: count() }).from(rollupDeltas))[0].n).toBe(0);
    const rollup = async (shop: Shop) => (await api.db.select().from(dailyRollups).where(eq(dailyRollups.workspaceId, shop.id)))[0];
    expect(await rollup(big)).toMatchObject({ clicks: BACKLOG, sales: BACKLOG, revenue: 250 * BACKLOG });
    expect(await rollup(small)).toMatchObject({ clicks: 1, sales: 1, revenue: 250 });
  }, 120_000);
});

describe('payment-provider retries with a backlog', () => {
  const dueEvents = (shop: Shop, n: number) =>
    api.db.execute(sql`
      insert into integration_events (id, workspace_id, provider, event_id, type, livemode, occurred_at, payload, status, next_attempt_at)
      select gen_random_uuid(), ${shop.id}::uuid, 'stripe', 'evt_' || g, 'invoice.paid', false, now(), '{}'::jsonb, 'failed',
             now() - interval '1 hour' + g * interval '1 millisecond'
      from generate_series(1, ${n}) g`);
  const finished = async (shop: Shop) =>
    (await api.db.select({ n: count() }).from(integrationEvents).where(and(eq(integrationEvents.workspaceId, shop.id), isNotNull(integrationEvents.processedAt))))[0].n;

  it("runs another workspace's due event in the first run while 50,000 are due in one", async () => {
    await dueEvents(big, BACKLOG);
    await dueEvents(small, 1);
    // as autovacuum would have by now: the planner knows none of these is still waiting
    await api.db.execute(sql`analyze integration_events`);
    const runs: { ms: number; heapMb: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const report = await retryDueEvents(api.db);
      runs.push({ ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
      expect(report.more).toBe(true);
      if (i === 0) expect(await finished(small)).toBe(1);
    }
    console.info('integration retry backlog runs:', JSON.stringify(runs));
    const perRun = RETRY_LIMITS.batchSize * RETRY_LIMITS.rounds;
    expect(await finished(big)).toBe(3 * perRun);
    // not connected: each is finished as ignored, none left half-claimed
    expect(await api.db.select({ status: integrationEvents.status, action: integrationEvents.action }).from(integrationEvents).where(eq(integrationEvents.workspaceId, small.id))).toEqual([
      { status: 'ignored', action: 'not_connected' },
    ]);
  }, 120_000);
});
