import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyRollups, rollupDeltas } from '@/db/schema';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { rowsOf } from '../../lib/rows';
import { startTestApi, type TestApi } from '../../testing/api';
import { createScratchDatabase } from '../../testing/database';
import { describeWith } from '../../testing/requirements';
import { startProgram, type Program } from '../../testing/program';
import { recordClick } from '../tracking/record-click';
import { foldRollups, takeDeltas } from './fold';

// Clicks and conversion changes append rollup deltas; the fold job moves them into daily_rollups.
// Reports read both, so they are exact before, during and after a fold; a fold counts every delta
// once, whether it races another fold, stops at its bound or is rolled back.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'fold' });
});
afterAll(() => api.close());

const summary = async () => (await api.call('GET', '/v1/reports/summary', { token: p.token })).body.data;
const folded = async () => {
  const rows = await api.db.select().from(dailyRollups).where(eq(dailyRollups.workspaceId, p.ws.id));
  return rows.reduce((s, r) => ({ clicks: s.clicks + r.clicks, sales: s.sales + r.sales, revenue: s.revenue + r.revenue, commissions: s.commissions + r.commissions }), { clicks: 0, sales: 0, revenue: 0, commissions: 0 });
};
const pending = async () => (await api.db.select().from(rollupDeltas).where(eq(rollupDeltas.workspaceId, p.ws.id))).length;
// One after another: clicks that arrive together share one delta row per key (group commit), and
// these tests count delta rows.
const clicks = async (n: number, ref = p.a.ref) => {
  for (let i = 0; i < n; i++) await p.track('click', { ref });
};

describe('rollup deltas and the fold', () => {
  it('keeps reports exact before and after a fold, and folds every delta once', async () => {
    await clicks(5);
    await p.sale('fold_1', 10_000);
    await p.sale('fold_2', 4_000);
    expect((await p.track('refund', { external_id: 'fold_2', amount: 1_000 })).status).toBe(200);
    const before = await summary();
    expect(before).toMatchObject({ clicks: 5, sales: 2, revenue: 13_000, commissions: 3_900 });
    // refund: one delta taking back revenue and commission; nothing folded yet
    expect(await pending()).toBe(5 + 2 + 1);
    expect(await folded()).toEqual({ clicks: 0, sales: 0, revenue: 0, commissions: 0 });

    expect(await foldRollups({ db: api.db })).toBeGreaterThanOrEqual(8);
    expect(await pending()).toBe(0);
    expect(await folded()).toEqual({ clicks: 5, sales: 2, revenue: 13_000, commissions: 3_900 });
    expect(await summary()).toEqual(before);
    expect(await foldRollups({ db: api.db })).toBe(0);
  });

  it('takes the oldest deltas without a join, so stale statistics cannot make a fold quadratic', async () => {
    await foldRollups({ db: api.db });
    await api.db.execute(sql`analyze rollup_deltas`);
    await clicks(3); // a backlog the statistics do not know about
    const plan = (await rowsOf<Record<string, string>>(api.db, sql`explain ${takeDeltas(5_000)}`)).map((r) => Object.values(r)[0]).join('\n');
    // `id in (select … limit n)` was planned as a join, a nested loop when the table looked empty
    expect(plan).not.toMatch(/Join|Nested Loop/);
    expect(plan).toMatch(/id <= /);
  });

  it('folds at most batch × maxBatches deltas per call; reports count the rest meanwhile', async () => {
    await foldRollups({ db: api.db });
    const start = await folded();
    await clicks(25);
    expect(await foldRollups({ db: api.db, batch: 10, maxBatches: 2 })).toBe(20);
    expect(await pending()).toBe(5);
    expect((await summary()).clicks).toBe(start.clicks + 25);
    expect(await foldRollups({ db: api.db, batch: 10, maxBatches: 2 })).toBe(5);
    expect((await folded()).clicks).toBe(start.clicks + 25);
  });

  it('a fold that is rolled back leaves its deltas to the next one', async () => {
    await foldRollups({ db: api.db });
    const start = await folded();
    await clicks(3);
    await expect(
      api.db.transaction(async (tx) => {
        expect(await foldRollups({ db: tx })).toBe(3);
        throw new Error('crash after folding');
      }),
    ).rejects.toThrow('crash after folding');
    expect(await pending()).toBe(3);
    expect(await folded()).toEqual(start);
    expect(await foldRollups({ db: api.db })).toBe(3);
    expect((await folded()).clicks).toBe(start.clicks + 3);
  });

  it('racing folds and clicks count every click exactly once', async () => {
    await foldRollups({ db: api.db });
    const start = await folded();
    const fold = () => foldRollups({ db: api.db, batch: 3, maxBatches: 5 });
    const counts = await Promise.all([clicks(20), fold(), clicks(20, p.b.ref), fold(), fold()]);
    const byFolds = counts.slice(1).filter((c): c is number => typeof c === 'number');
    while ((await foldRollups({ db: api.db })) > 0);
    expect(await pending()).toBe(0);
    expect((await folded()).clicks).toBe(start.clicks + 40);
    // no delta was counted by two folds: what they report moving never exceeds what was appended
    expect(byFolds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(40);
  });
});

// Two connections are needed to hold one click open while another runs: PGlite has one.
await describeWith('postgres', 'a hot referral code', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pg: TestApi;
  let hot: Program;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'hotcode');
    const database = await openDatabase({ url: scratch.url, max: 2 });
    await migrate(database);
    pg = await startTestApi({}, database);
    hot = await startProgram(pg, { prefix: 'hot' });
  });
  afterAll(async () => {
    await pg?.close();
    await scratch?.drop();
  });

  it('records a click while another click on the same code is still uncommitted', async () => {
    const ctx = { db: pg.db, workspaceId: hot.ws.id };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let recorded!: () => void;
    const first = new Promise<void>((r) => (recorded = r));
    const open = pg.db.transaction(async (tx) => {
      await recordClick({ ctx: { ...ctx, db: tx }, input: { ref: hot.a.ref } });
      recorded();
      await held;
    });
    await first;
    // Before rollup deltas, this click waited on the first one's rollup row lock until it committed.
    const second = await pg.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '20s'`);
      return recordClick({ ctx: { ...ctx, db: tx }, input: { ref: hot.a.ref } });
    });
    expect(second.ok).toBe(true);
    release();
    await open;
  });
});
