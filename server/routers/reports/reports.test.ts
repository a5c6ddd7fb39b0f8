import { and, eq, ne, notInArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions } from '@/db/schema';
import { addDays, dayIn } from '../../domain/reports/range';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

let api: TestApi;
let p: Program;
const today = dayIn(new Date(), 'UTC');
const daysAgo = (n: number) => addDays(today, -n);
const atNoon = (day: string) => `${day}T12:00:00Z`;
const get = (path: string, token = p.token) => api.call('GET', path, { token });
const summary = async (query = '') => (await get(`/v1/reports/summary${query}`)).body.data;
const board = async (query = '') => (await get(`/v1/reports/affiliates${query}`)).body.data as { affiliate_id: string; commissions: number }[];
const rowOf = async (id: string, query = '') => (await board(query)).find((r) => r.affiliate_id === id);

/** What the ledger says the live, non-test commissions of the workspace add up to. */
async function ledgerCommissions() {
  const [row] = await api.db
    .select({ total: sum(commissions.amount) })
    .from(commissions)
    .innerJoin(conversions, eq(conversions.id, commissions.conversionId))
    .where(and(eq(commissions.workspaceId, p.ws.id), eq(conversions.isTest, false), notInArray(commissions.status, ['reversed', 'denied'])));
  return Number(row?.total ?? 0);
}

let saleA: string;
let saleB: string;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'rep' });
  const clickA = await p.track('click', { ref: p.a.ref });
  await p.track('click', { ref: p.a.ref });
  await p.track('click', { ref: p.a.ref });
  await p.track('click', { ref: p.b.ref });
  saleA = (await p.track('sale', { external_id: 'o1', visitor_id: clickA.body.visitor_id, amount: 10_000 })).body.conversion_id;
  saleB = (await p.track('sale', { external_id: 'o2', ref: p.b.ref, amount: 5_000, ts: atNoon(daysAgo(2)) })).body.conversion_id;
  await p.track('lead', { external_id: 'l1', ref: p.a.ref, ts: atNoon(daysAgo(9)) });
  const test = await p.track('sale', { external_id: 'o_test', ref: p.a.ref, amount: 99_999, is_test: true });
  expect(test.body.attributed).toBe(true);
});
afterAll(() => api.close());

describe('GET /v1/reports/summary', () => {
  it('totals the last 30 days from the rollups, test conversions excluded', async () => {
    const res = await get('/v1/reports/summary');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('report_summary');
    expect(res.body.data).toEqual({
      clicks: 4,
      leads: 1,
      sales: 2,
      revenue: 15_000,
      commissions: 4_500,
      conversion_rate: 0.5,
      currency: 'usd',
      by_currency: [{ currency: 'usd', sales: 2, revenue: 15_000, commissions: 4_500 }],
      from: daysAgo(29),
      to: today,
    });
    expect(res.body.data.commissions).toBe(await ledgerCommissions());
  });

  it('narrows by range, affiliate and campaign', async () => {
    expect(await summary(`?from=${daysAgo(3)}&to=${daysAgo(1)}`)).toMatchObject({ clicks: 0, sales: 1, revenue: 5_000, conversion_rate: null, from: daysAgo(3), to: daysAgo(1) });
    expect(await summary(`?affiliate_id=${p.b.id}`)).toMatchObject({ clicks: 1, sales: 1, revenue: 5_000, conversion_rate: 1 });
    expect(await summary(`?campaign_id=${p.campaign.id}&affiliate_id=${p.a.id}`)).toMatchObject({ clicks: 3, leads: 1, sales: 1, revenue: 10_000 });
    const other = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Other' } });
    expect(await summary(`?campaign_id=${other.body.data.id}`)).toMatchObject({ clicks: 0, leads: 0, sales: 0, revenue: 0 });
  });

  it('reads a date-time as the day it falls on and rounds the rate to 4 decimals', async () => {
    expect(await summary(`?from=${today}T00:00:00Z&to=${today}T23:59:59.999Z`)).toMatchObject({ from: today, to: today, clicks: 4, sales: 1 });
    await p.track('click', { ref: p.a.ref });
    await p.track('click', { ref: p.a.ref });
    expect((await summary(`?affiliate_id=${p.a.id}`)).conversion_rate).toBe(0.2);
    expect((await summary(`?from=${today}`)).conversion_rate).toBe(0.1667);
  });
});

describe('GET /v1/reports/timeseries', () => {
  it('fills empty days with 0 and counts leads plus sales as conversions', async () => {
    const res = await get(`/v1/reports/timeseries?metric=revenue&interval=day&from=${daysAgo(3)}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'report_timeseries',
      data: {
        metric: 'revenue',
        interval: 'day',
        points: [
          { period: daysAgo(3), value: 0 },
          { period: daysAgo(2), value: 5_000 },
          { period: daysAgo(1), value: 0 },
          { period: today, value: 10_000 },
        ],
      },
    });
    const conv = await get(`/v1/reports/timeseries?metric=conversions&from=${daysAgo(9)}&to=${daysAgo(9)}`);
    expect(conv.body.data.points).toEqual([{ period: daysAgo(9), value: 1 }]);
  });

  it('buckets by Monday weeks and calendar months', async () => {
    const weeks = await get('/v1/reports/timeseries?metric=conversions&interval=week&from=2026-01-01&to=2026-01-20');
    expect(weeks.body.data.points.map((x: { period: string }) => x.period)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19']);
    const months = await get(`/v1/reports/timeseries?metric=clicks&interval=month&from=${daysAgo(29)}`);
    const points = months.body.data.points as { period: string; value: number }[];
    expect(points.at(-1)).toEqual({ period: `${today.slice(0, 7)}-01`, value: 6 });
    expect(points.reduce((s, x) => s + x.value, 0)).toBe(6);
    const commissionsTotal = await get('/v1/reports/timeseries?metric=commissions&interval=month');
    expect(commissionsTotal.body.data.points.reduce((s: number, x: { value: number }) => s + x.value, 0)).toBe(await ledgerCommissions());
  });
});

describe('GET /v1/reports/affiliates', () => {
  it('ranks affiliates by revenue by default, by conversions on request, one page at a time', async () => {
    const res = await get('/v1/reports/affiliates');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'report_affiliates', limit: 20, offset: 0, has_more: false });
    expect(res.body.data).toEqual([
      { affiliate_id: p.a.id, name: 'A', ref_code: p.a.ref, clicks: 5, conversions: 2, revenue: 10_000, commissions: 3_000, recruits: 0, second_tier: 0 },
      { affiliate_id: p.b.id, name: 'B', ref_code: p.b.ref, clicks: 1, conversions: 1, revenue: 5_000, commissions: 1_500, recruits: 0, second_tier: 0 },
    ]);
    const page = await get('/v1/reports/affiliates?sort=commissions&limit=1&offset=1');
    expect(page.body).toMatchObject({ limit: 1, offset: 1, has_more: false, data: [{ affiliate_id: p.b.id }] });
    expect((await board(`?from=${daysAgo(2)}&to=${daysAgo(2)}`)).map((r) => r.affiliate_id)).toEqual([p.b.id]);
  });
});

describe('rollups follow refunds and re-attribution', () => {
  it('a partial refund lowers revenue and the commission to what the ledger holds', async () => {
    const refund = await p.track('refund', { external_id: 'o1', amount: 4_000 });
    expect(refund.status).toBe(200);
    const s = await summary();
    expect(s).toMatchObject({ sales: 2, revenue: 11_000 });
    expect(s.commissions).toBe(await ledgerCommissions());
    expect(s.commissions).toBeLessThan(4_500);
    expect(await rowOf(p.a.id)).toMatchObject({ revenue: 6_000 });
  });

  it('re-attributing a sale moves its numbers to the new affiliate on its own day', async () => {
    const res = await p.patchConversion(saleB, { affiliate_id: p.a.id });
    expect(res.status).toBe(200);
    expect(await rowOf(p.b.id)).toMatchObject({ clicks: 1, conversions: 0, revenue: 0, commissions: 0 });
    expect(await rowOf(p.a.id)).toMatchObject({ clicks: 5, conversions: 3, revenue: 11_000 });
    expect(await summary(`?affiliate_id=${p.a.id}&from=${daysAgo(2)}&to=${daysAgo(2)}`)).toMatchObject({ sales: 1, revenue: 5_000 });
    const s = await summary();
    expect(s).toMatchObject({ sales: 2, revenue: 11_000 });
    expect(s.commissions).toBe(await ledgerCommissions());
  });

  it('a manager denying or adjusting a commission moves the reported commissions with it', async () => {
    const [earning] = await p.ledger(saleA);
    const before = (await summary()).commissions;
    const patch = (body: unknown) => api.call('PATCH', `/v1/commissions/${earning.id}`, { token: p.token, body });
    expect((await patch({ amount: earning.amount + 1_234 })).status).toBe(200);
    expect((await summary()).commissions).toBe(before + 1_234);
    expect((await patch({ status: 'denied' })).status).toBe(200);
    const s = await summary();
    expect(s.commissions).toBe(before - earning.amount);
    expect(s.commissions).toBe(await ledgerCommissions());
    expect((await rowOf(p.a.id))?.commissions).toBe(s.commissions);
    // Approving it again brings it back: the rollups follow the ledger both ways.
    expect((await patch({ status: 'approved' })).status).toBe(200);
    expect((await summary()).commissions).toBe(before + 1_234);
  });

  it('a full refund takes the sale out of the counts', async () => {
    await p.track('refund', { external_id: 'o2' });
    expect(await summary()).toMatchObject({ sales: 1, revenue: 6_000, leads: 1 });
    const [row] = await api.db.select().from(conversions).where(and(eq(conversions.id, saleA), ne(conversions.status, 'refunded')));
    expect(row).toBeDefined();
  });
});

describe('errors, scopes and tenants', () => {
  it.each([
    ['/v1/reports/summary?from=2026-02-01&to=2026-01-01'],
    ['/v1/reports/summary?from=yesterday'],
    ['/v1/reports/summary?to=2026-02-30'],
    ['/v1/reports/summary?from=1999-12-31&to=2026-01-01'],
    ['/v1/reports/timeseries?from=2000-01-01&to=2026-01-01'],
    ['/v1/reports/timeseries?metric=visits'],
    ['/v1/reports/timeseries?interval=year'],
    ['/v1/reports/affiliates?sort=clicks'],
    ['/v1/reports/affiliates?limit=101'],
    ['/v1/reports/affiliates?limit=0'],
  ])('%s → 400 invalid_request', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('an unknown, malformed or foreign campaign_id / affiliate_id is 404 unknown_resource', async () => {
    const other = await startProgram(api, { prefix: 'oth' });
    for (const q of [
      `affiliate_id=${other.a.id}`,
      `campaign_id=${other.campaign.id}`,
      'affiliate_id=00000000-0000-7000-8000-000000000000',
      'campaign_id=not-a-uuid',
    ]) {
      for (const path of ['summary', 'timeseries', 'affiliates']) {
        const res = await get(`/v1/reports/${path}?${q}`);
        expect(res.status, `${path}?${q}`).toBe(404);
        expect(res.body.error).toBe('unknown_resource');
      }
    }
    expect(await summary()).toMatchObject({ clicks: 6 });
    expect((await get('/v1/reports/summary', other.token)).body.data).toMatchObject({ clicks: 0, sales: 0, revenue: 0 });
    expect((await get('/v1/reports/affiliates', other.token)).body.data).toEqual([]);
  });

  it('needs read: a track-only key gets 403, a read key 200, no key 401', async () => {
    const trackOnly = await p.ws.keyFor(['track']);
    const readOnly = await p.ws.keyFor(['read']);
    for (const path of ['summary', 'timeseries', 'affiliates']) {
      const denied = await get(`/v1/reports/${path}`, trackOnly);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('insufficient_scope');
      expect((await get(`/v1/reports/${path}`, readOnly)).status).toBe(200);
      expect((await api.call('GET', `/v1/reports/${path}`)).status).toBe(401);
    }
  });
});
