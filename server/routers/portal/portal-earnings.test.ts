import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { failure, portalCaller } from '../../testing/session-caller';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'earn' });
});
afterAll(() => api.close());

const DAY_MS = 86_400_000;
const portalOf = (affiliateId: string) => portalCaller(api, { workspaceId: p.ws.id, affiliateId }).portal;
let orders = 0;
const sale = async (ref: string, amount: number, extra: Record<string, unknown> = {}) => {
  const res = await p.track('sale', { external_id: `earn_${++orders}`, ref, amount, ...extra });
  expect(res.body.attributed).toBe(true);
  return res.body.conversion_id as string;
};
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString();
const sum = (points: { value: number }[]) => points.reduce((s, x) => s + x.value, 0);

describe('portal.earnings', () => {
  beforeAll(async () => {
    // A (30 % default rule): 3,000 today, 1,500 ten days ago, then half of the first refunded;
    // 600 forty days ago (outside the 30-day chart, inside the weekly and monthly ones).
    const first = await sale(p.a.ref, 10_000);
    await sale(p.a.ref, 5_000, { ts: daysAgo(10) });
    await sale(p.a.ref, 2_000, { ts: daysAgo(40) });
    await p.track('refund', { external_id: 'earn_1', amount: 5_000 });
    // A test sale earns nothing anywhere; B's sale in the same workspace is B's alone.
    await sale(p.a.ref, 90_000, { is_test: true });
    await sale(p.b.ref, 7_000);
    // An approved commission still counts as earnings.
    const [c] = await p.ledger(first);
    await api.call('PATCH', `/v1/commissions/${c.id}`, { token: p.token, body: { status: 'approved' } });
  });

  it('by day: the last 30 days of the signed-in affiliate only, on the days of its sales', async () => {
    const res = await portalOf(p.a.id).earnings({});
    expect(res.object).toBe('affiliate_earnings');
    expect(res.data).toMatchObject({ interval: 'day', currency: 'usd' });
    expect(res.data.points).toHaveLength(30);
    expect(res.data.points[29].period).toBe(res.data.to);
    expect(res.data.points[0].period).toBe(res.data.from);
    expect(res.data.points.filter((x) => x.value !== 0).map((x) => x.value)).toEqual([1_500, 1_500]);
    expect(sum(res.data.points)).toBe(3_000);
    expect(sum((await portalOf(p.b.id).earnings({ interval: 'day' })).data.points)).toBe(2_100);
  });

  it('by week and month: the series adds up to the totals the portal shows', async () => {
    for (const interval of ['week', 'month'] as const) {
      const a = await portalOf(p.a.id).earnings({ interval });
      expect(a.data.points).toHaveLength(12);
      const totals = (await portalOf(p.a.id).stats({})).data.commissions;
      expect(totals.approved).toBe(1_500);
      expect(sum(a.data.points), interval).toBe(totals.pending + totals.approved + totals.paid);
      expect(sum(a.data.points), interval).toBe(3_600);
      const b = await portalOf(p.b.id).earnings({ interval });
      const bTotals = (await portalOf(p.b.id).stats({})).data.commissions;
      expect(sum(b.data.points), interval).toBe(bTotals.pending + bTotals.approved + bTotals.paid);
    }
  });

  it('never drops a currency: totals per currency, and the chart in each currency the affiliate earned in', async () => {
    // B earns in yen too (30 % of ¥5,000); a workspace-currency-only total would hide it.
    await sale(p.b.ref, 5_000, { currency: 'jpy' });
    const stats = (await portalOf(p.b.id).stats({})).data;
    expect(stats.commissions).toEqual({ pending: 2_100, approved: 0, paid: 0 }); // the usd fields stay usd
    expect(stats.commissions_by_currency).toEqual([
      { currency: 'usd', pending: 2_100, approved: 0, paid: 0 },
      { currency: 'jpy', pending: 1_500, approved: 0, paid: 0 },
    ]);
    const usd = await portalOf(p.b.id).earnings({});
    expect(usd.data).toMatchObject({ currency: 'usd', currencies: ['usd', 'jpy'] });
    expect(sum(usd.data.points)).toBe(2_100);
    const yen = await portalOf(p.b.id).earnings({ currency: 'JPY' });
    expect(yen.data).toMatchObject({ currency: 'jpy', currencies: ['usd', 'jpy'] });
    expect(sum(yen.data.points)).toBe(1_500);
    // A currency it never earned in charts zeros; one that is no currency is refused.
    expect(sum((await portalOf(p.b.id).earnings({ currency: 'eur' })).data.points)).toBe(0);
    expect(await failure(portalOf(p.b.id).earnings({ currency: 'xyz' }), { currency: 'xyz' })).toMatchObject({ status: 400, error: 'invalid_request' });
    // A has only dollars: one currency, no switch.
    expect((await portalOf(p.a.id).earnings({})).data.currencies).toEqual(['usd']);
  });

  it('answers 401 without a portal identity, and 400 for an unknown interval', async () => {
    expect(await failure(portalCaller(api, undefined).portal.earnings({}))).toMatchObject({ status: 401, error: 'unauthorized' });
    const input = { interval: 'year' };
    expect(await failure(portalOf(p.a.id).earnings(input as never), input)).toMatchObject({ status: 400, error: 'invalid_request' });
  });
});
