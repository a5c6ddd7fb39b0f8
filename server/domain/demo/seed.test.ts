import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { seedDemo, type DemoCredentials } from './seed';

// The demo a newcomer opens: something on every page, and a money loop that works in minutes.
let api: TestApi;
let demo: DemoCredentials;
const get = async (path: string) => (await api.call('GET', path, { token: demo.token })).body;

beforeAll(async () => {
  api = await startTestApi();
  demo = await seedDemo(api.db);
}, 120_000);
afterAll(() => api.close());

describe('the demo workspace', () => {
  it('has a paid and a pending payout, and commissions payable today that wait for approval', async () => {
    const payouts = (await get('/v1/payouts')).data as { status: string }[];
    expect(payouts.map((p) => p.status).sort()).toEqual(['paid', 'pending']);
    const preview = (await get('/v1/payouts/preview')).data;
    expect(preview.payouts).toEqual([]);
    const waiting = preview.waiting as { reason: string; payable_from: string | null; affiliate: { name: string } }[];
    // Ada's and Grace's sales are past the hold: approving them is all that stands before a batch.
    const ready = waiting.filter((w) => w.reason === 'not_approved' && w.payable_from === null).map((w) => w.affiliate.name);
    expect(ready).toEqual(expect.arrayContaining(['Ada Lovelace', 'Grace Hopper']));
    expect(waiting.some((w) => w.payable_from !== null)).toBe(true);
  });

  it('approve → batch → CSV → paid works on the seeded data', async () => {
    const pending = (await get('/v1/commissions?status=pending&limit=200')).data as { id: string; hold_until: string }[];
    const payable = pending.filter((c) => Date.parse(c.hold_until) <= Date.now());
    expect(payable.length).toBeGreaterThanOrEqual(5);
    const bulk = await api.call('POST', '/v1/commissions/bulk', { token: demo.token, body: { ids: payable.map((c) => c.id), status: 'approved' } });
    expect(bulk.status).toBe(200);
    const batch = await api.call('POST', '/v1/payouts', { token: demo.token });
    expect(batch.status).toBe(201);
    expect(batch.body.data.map((p: { amount: number }) => p.amount).sort((a: number, b: number) => a - b)).toEqual([7_440, 17_910]);
    const csv = await api.call('GET', '/v1/payouts/export.csv', { token: demo.token });
    expect(csv.body).toContain('ada@example.com,179.10,USD');
    const paid = await api.call('POST', `/v1/payouts/${batch.body.data[0].id}/status`, { token: demo.token, body: { status: 'paid' } });
    expect(paid.body.data.status).toBe('paid');
  });

  it('fills every page: risk flags, products, rewards, a webhook log, an applicant, two currencies', async () => {
    const risk = (await get('/v1/risk/flags')).data as { risk_level: string; flags: string[]; affiliate: { name: string } }[];
    const flagged = risk.filter((r) => r.flags.length > 0);
    expect(flagged.map((r) => r.affiliate.name)).toContain('Sam Quick');
    expect((await get('/v1/products')).data.length).toBeGreaterThanOrEqual(3);
    expect((await get('/v1/rewards')).data.map((r: { type: string }) => r.type)).toEqual(expect.arrayContaining(['cash', 'non_cash']));
    const [endpoint] = (await get('/v1/webhooks')).data;
    const deliveries = (await get(`/v1/webhooks/${endpoint.id}/deliveries`)).data as { status: string }[];
    expect(deliveries.map((d) => d.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
    expect((await get('/v1/affiliates?status=pending')).data.map((a: { name: string }) => a.name)).toEqual(['Marie Curie']);
    const summary = (await get('/v1/reports/summary?from=2000-01-01')).data;
    expect(summary.by_currency.map((c: { currency: string }) => c.currency).sort()).toEqual(['eur', 'usd']);
  });
});
