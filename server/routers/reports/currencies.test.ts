import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// A workspace that sells in dollars and yen: reports keep each currency apart (per-currency rollups).
let api: TestApi;
let p: Program;
const get = async (path: string) => (await api.call('GET', path, { token: p.token })).body;
const sum = (points: { value: number }[]) => points.reduce((s, x) => s + x.value, 0);

beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'cur' });
  await p.track('click', { ref: p.a.ref });
  await p.track('click', { ref: p.b.ref });
  // $100.00 and ¥5,000 by A, ¥20,000 by B; the 30 % rule pays in each sale's currency.
  await p.track('sale', { external_id: 'usd1', ref: p.a.ref, amount: 10_000, currency: 'usd' });
  await p.track('sale', { external_id: 'jpy1', ref: p.a.ref, amount: 5_000, currency: 'jpy' });
  await p.track('sale', { external_id: 'jpy2', ref: p.b.ref, amount: 20_000, currency: 'jpy' });
  // Half the second yen sale refunded: its revenue and commission shrink in yen, not in dollars.
  await p.track('refund', { external_id: 'jpy2', amount: 10_000 });
});
afterAll(() => api.close());

describe('reports in a multi-currency workspace', () => {
  it('the summary shows the workspace currency and lists every currency apart; counts cover all', async () => {
    const s = (await get('/v1/reports/summary')).data;
    expect(s).toMatchObject({ clicks: 2, sales: 3, currency: 'usd', revenue: 10_000, commissions: 3_000 });
    expect(s.by_currency).toEqual([
      { currency: 'jpy', sales: 2, revenue: 15_000, commissions: 4_500 },
      { currency: 'usd', sales: 1, revenue: 10_000, commissions: 3_000 },
    ]);
  });

  it('?currency= reports the money of that currency only', async () => {
    expect((await get('/v1/reports/summary?currency=JPY')).data).toMatchObject({ currency: 'jpy', revenue: 15_000, commissions: 4_500, sales: 3 });
    const revenue = (await get('/v1/reports/timeseries?metric=revenue&currency=jpy')).data;
    expect(sum(revenue.points)).toBe(15_000);
    expect(sum((await get('/v1/reports/timeseries?metric=commissions')).data.points)).toBe(3_000);
    expect(sum((await get('/v1/reports/timeseries?metric=clicks&currency=jpy')).data.points)).toBe(2);
  });

  it('the leaderboard ranks by the chosen currency', async () => {
    const yen = (await get('/v1/reports/affiliates?currency=jpy')).data as { affiliate_id: string; revenue: number }[];
    expect(yen.map((r) => [r.affiliate_id, r.revenue])).toEqual([
      [p.b.id, 10_000],
      [p.a.id, 5_000],
    ]);
    const usd = (await get('/v1/reports/affiliates')).data as { affiliate_id: string; revenue: number }[];
    expect(usd[0]).toMatchObject({ affiliate_id: p.a.id, revenue: 10_000 });
    expect(usd.find((r) => r.affiliate_id === p.b.id)?.revenue).toBe(0);
  });

  it('the campaign breakdown adds up per currency too', async () => {
    const other = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Quiet' } });
    await api.call('PATCH', `/v1/affiliates/${p.b.id}`, { token: p.token, body: { campaign_id: other.body.data.id } });
    await p.track('sale', { external_id: 'usd2', ref: p.b.ref, amount: 2_000 });
    const rows = (await get('/v1/reports/campaigns')).data as { campaign_id: string; name: string; revenue: number; clicks: number }[];
    expect(rows.map((r) => [r.name, r.revenue])).toEqual([['Main', 10_000], ['Quiet', 2_000]]);
    const yen = (await get('/v1/reports/campaigns?currency=jpy&sort=conversions')).data as { name: string; revenue: number; conversions: number }[];
    expect(yen.map((r) => [r.name, r.revenue, r.conversions])).toEqual([['Main', 15_000, 3], ['Quiet', 0, 1]]);
  });

  it('refuses a code that is no currency', async () => {
    const res = await api.call('GET', '/v1/reports/summary?currency=xyz', { token: p.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('a currency whose sales were all refunded drops out of by_currency; the counts stay exact', async () => {
    const before = (await get('/v1/reports/summary')).data;
    await p.track('sale', { external_id: 'eur1', ref: p.a.ref, amount: 3_000, currency: 'eur' });
    expect((await get('/v1/reports/summary')).data.by_currency.map((c: { currency: string }) => c.currency)).toContain('eur');
    await p.track('refund', { external_id: 'eur1' });
    const after = (await get('/v1/reports/summary')).data;
    expect(after.by_currency).toEqual(before.by_currency);
    expect([after.sales, after.clicks]).toEqual([before.sales, before.clicks]);
  });
});
