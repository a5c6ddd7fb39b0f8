import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, commissions, conversions, jobFailures, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { refuseWrites } from '../../testing/refuse-writes';
import { CONFIRM_QUEUE, confirmDueConversions } from './confirm';

// Issue 43: 8,200 sales due at once in one workspace made the hold-period job build one insert
// past PostgreSQL's 65,534 parameters, fail on every run, and stall every workspace after it.
// Here: 50,000 due sales (each with an earning to auto-approve) in one workspace, one in another.
const BACKLOG = 50_000;

let api: TestApi;
let big: Program;
let small: Program;
let smallSale: string;
beforeAll(async () => {
  api = await startTestApi();
  const settings = { hold_days: 0, auto_approve_commissions: true };
  big = await startProgram(api, { prefix: 'bk', settings });
  small = await startProgram(api, { prefix: 'sm', settings });
  smallSale = await small.sale('sm_1', 10_000);
  await api.db.execute(sql`
    insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, currency, external_id, ts)
    select gen_random_uuid(), ${big.ws.id}::uuid, ${big.campaign.id}::uuid, ${big.a.id}::uuid, 'sale', 'pending', 1000, 'usd', 'bk_' || g,
           now() - interval '1 day' + g * interval '1 millisecond'
    from generate_series(1, ${BACKLOG}) g`);
  await api.db.execute(sql`
    insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency)
    select gen_random_uuid(), workspace_id, affiliate_id, id, 300, 300, 'usd' from conversions where workspace_id = ${big.ws.id}::uuid`);
}, 120_000);
afterAll(() => api.close());

const countOf = async (table: typeof conversions | typeof commissions, workspaceId: string, status: string) =>
  (await api.db.select({ n: count() }).from(table).where(and(eq(table.workspaceId, workspaceId), eq(table.status, status as never))))[0].n;

describe('the hold-period job with a backlog', () => {
  it('confirms another workspace on time and drains 50,000 due sales in bounded runs', async () => {
    const later = new Date(Date.now() + 60_000);
    const first = await confirmDueConversions(api.db, later);
    // the small workspace's sale did not wait for the backlog
    expect((await small.conversion(smallSale)).status).toBe('confirmed');
    // one run takes at most its rounds of batches from the big one, and says there is more
    expect(first).toEqual({ done: 10_000 + 1, more: true, failed: 0 });
    expect(await countOf(conversions, big.ws.id, 'confirmed')).toBe(10_000);

    const runs: { ms: number; heapMb: number }[] = [];
    for (let more = first.more; more; ) {
      const started = performance.now();
      const report = await confirmDueConversions(api.db, later);
      runs.push({ ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
      more = report.more;
      expect(runs.length).toBeLessThanOrEqual(5);
    }
    console.info('confirm backlog runs (10,000 sales each):', JSON.stringify(runs));
    expect(await countOf(conversions, big.ws.id, 'confirmed')).toBe(BACKLOG);
    expect(await countOf(conversions, big.ws.id, 'pending')).toBe(0);
    expect(await countOf(commissions, big.ws.id, 'approved')).toBe(BACKLOG);
    // every sale told and audited once, however many batches it took
    const events = await api.db
      .select({ type: webhookEvents.type, n: count() })
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, big.ws.id))
      .groupBy(webhookEvents.type);
    expect(Object.fromEntries(events.map((e) => [e.type, e.n]))).toMatchObject({ 'conversion.updated': BACKLOG, 'commission.updated': BACKLOG });
    const [audits] = await api.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, big.ws.id), eq(auditEvents.action, 'conversion.confirmed')));
    expect(audits.n).toBe(BACKLOG);
  }, 300_000);

  it("isolates a workspace whose batch fails: the others are confirmed, the failure is kept and logged once", async () => {
    const a = await big.sale('bk_fail_1', 5_000);
    const b = await small.sale('sm_2', 5_000);
    // A real failure inside the database, for the big workspace only.
    const allow = await refuseWrites(api.db, { table: 'conversions', workspaceId: big.ws.id, on: 'update' });
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const later = new Date(Date.now() + 60_000);
      expect(await confirmDueConversions(api.db, later)).toMatchObject({ failed: 1 });
      expect((await small.conversion(b)).status).toBe('confirmed');
      expect((await big.conversion(a)).status).toBe('pending');
      // the next tick skips it while it backs off: no second log line, no second failure
      expect(await confirmDueConversions(api.db, later)).toMatchObject({ failed: 0 });
      const logged = errors.mock.calls.map(([line]) => String(line)).filter((l) => l.includes('jobs.workspace_failed'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(big.ws.id);
      const [failure] = await api.db.select().from(jobFailures).where(eq(jobFailures.workspaceId, big.ws.id));
      expect(failure).toMatchObject({ queue: CONFIRM_QUEUE, failures: 1 });
      expect(failure.error).toContain('refused for this workspace');

      // fixed: the next run after the back-off confirms it and clears the failure
      await allow();
      await api.db.update(jobFailures).set({ lastFailedAt: new Date(Date.now() - 3_600_000) }).where(eq(jobFailures.workspaceId, big.ws.id));
      expect(await confirmDueConversions(api.db, later)).toMatchObject({ done: 1, failed: 0 });
      expect((await big.conversion(a)).status).toBe('confirmed');
      expect(await api.db.select().from(jobFailures).where(eq(jobFailures.workspaceId, big.ws.id))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
