import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram } from '../../testing/program';

// The money loop a newcomer walks: a sale's commission waits for approval and for the hold period;
// the preview says which and until when; shortening the hold moves commissions already waiting.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DAY_MS = 86_400_000;
type Waiting = { affiliate_id: string; reason: string; amount: number; commission_count: number; payable_from: string | null; currency: string };

async function loop() {
  const p = await startProgram(api, { prefix: `wait${Math.random().toString(36).slice(2, 6)}`, settings: { min_payout: 0 } });
  const call = (method: 'GET' | 'PATCH' | 'POST', path: string, body?: unknown) => api.call(method, path, { token: p.token, body });
  const preview = async () => (await call('GET', '/v1/payouts/preview')).body.data as { payouts: unknown[]; waiting: Waiting[] };
  const commissionOf = async (conversionId: string) => (await call('GET', `/v1/commissions?conversion_id=${conversionId}`)).body.data[0];
  return { p, call, preview, commissionOf };
}

describe('commissions not due yet', () => {
  it('a pending commission waits for approval; once approved it waits for its hold, with the date', async () => {
    const { p, call, preview, commissionOf } = await loop();
    const sold = Date.now() - 10 * DAY_MS;
    const id = (await p.track('sale', { external_id: 'w1', ref: p.a.ref, amount: 10_000, ts: new Date(sold).toISOString() })).body.conversion_id;
    const c = await commissionOf(id);
    expect(Date.parse(c.hold_until)).toBe(sold + 30 * DAY_MS);

    let plan = await preview();
    expect(plan.payouts).toEqual([]);
    expect(plan.waiting).toEqual([
      { affiliate_id: p.a.id, currency: 'usd', reason: 'not_approved', amount: 3_000, commission_count: 1, payable_from: c.hold_until, affiliate: expect.objectContaining({ ref_code: p.a.ref }) },
    ]);

    expect((await call('PATCH', `/v1/commissions/${c.id}`, { status: 'approved' })).status).toBe(200);
    plan = await preview();
    expect(plan.waiting.map((w) => [w.reason, w.amount, w.payable_from])).toEqual([['in_hold_period', 3_000, c.hold_until]]);
    expect((await call('POST', '/v1/payouts')).body.data).toEqual([]);
  });

  it('shortening the hold period moves unpaid commissions: they are payable now and the batch pays them', async () => {
    const { p, call, preview, commissionOf } = await loop();
    const sold = Date.now() - 10 * DAY_MS;
    const id = (await p.track('sale', { external_id: 'w2', ref: p.a.ref, amount: 10_000, ts: new Date(sold).toISOString() })).body.conversion_id;
    const c = await commissionOf(id);
    await call('PATCH', `/v1/commissions/${c.id}`, { status: 'approved' });

    expect((await call('PATCH', '/v1/settings', { hold_days: 7 })).status).toBe(200);
    expect(Date.parse((await commissionOf(id)).hold_until)).toBe(sold + 7 * DAY_MS);
    const plan = await preview();
    expect(plan.waiting).toEqual([]);
    expect(plan.payouts).toHaveLength(1);
    const batch = (await call('POST', '/v1/payouts')).body.data;
    expect(batch.map((b: { amount: number }) => b.amount)).toEqual([3_000]);

    // A longer hold later moves nothing already batched.
    await call('PATCH', '/v1/settings', { hold_days: 60 });
    expect(Date.parse((await commissionOf(id)).hold_until)).toBe(sold + 7 * DAY_MS);
  });

  it('a longer hold puts commissions back into waiting; another workspace is not touched', async () => {
    const a = await loop();
    const b = await loop();
    const sold = Date.now() - 10 * DAY_MS;
    const idA = (await a.p.track('sale', { external_id: 'w3', ref: a.p.a.ref, amount: 10_000, ts: new Date(sold).toISOString() })).body.conversion_id;
    const idB = (await b.p.track('sale', { external_id: 'w3', ref: b.p.a.ref, amount: 10_000, ts: new Date(sold).toISOString() })).body.conversion_id;
    await a.call('PATCH', '/v1/settings', { hold_days: 0 });
    expect(Date.parse((await a.commissionOf(idA)).hold_until)).toBe(sold);
    expect(Date.parse((await b.commissionOf(idB)).hold_until)).toBe(sold + 30 * DAY_MS);
    await a.call('PATCH', `/v1/commissions/${(await a.commissionOf(idA)).id}`, { status: 'approved' });
    expect((await a.preview()).payouts).toHaveLength(1);
    await a.call('PATCH', '/v1/settings', { hold_days: 20 });
    const waiting = (await a.preview()).waiting;
    expect(waiting.map((w) => [w.reason, Date.parse(w.payable_from!)])).toEqual([['in_hold_period', sold + 20 * DAY_MS]]);
  });

  it('a refused hold period changes no commission', async () => {
    const { p, call, commissionOf } = await loop();
    const id = (await p.track('sale', { external_id: 'w4', ref: p.a.ref, amount: 10_000 })).body.conversion_id;
    const before = (await commissionOf(id)).hold_until;
    expect((await call('PATCH', '/v1/settings', { hold_days: -1 })).status).toBe(400);
    expect((await commissionOf(id)).hold_until).toBe(before);
  });
});
