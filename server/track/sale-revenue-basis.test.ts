import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '@/db/schema';
import { revenueBasis } from '../domain/commissions/engine/revenue-basis';
import { startTestApi, type TestApi } from '../testing/api';
import { liveSum, startProgram, type Program } from '../testing/program';

// Commission on net revenue (docs/commissions.md#revenue-basis): a percent rule applies to the
// sale's amount less the tax and provider fee its campaign excludes, when the sale reports them.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

let n = 0;
const basis = (exclude_tax: boolean, exclude_fees: boolean) =>
  api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.token, body: { commission_basis: { exclude_tax, exclude_fees } } });
const rule = (body: unknown) => api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body });
const receiptOf = async (id: string) => (await api.call('GET', `/v1/conversions/${id}/attribution`, { token: p.token })).body.data;
async function sale(body: Record<string, unknown>) {
  const res = await p.track('sale', { external_id: `net_${n++}`, ref: p.a.ref, ...body });
  expect(res.status).toBe(200);
  const id = res.body.conversion_id as string;
  return { id, earned: liveSum(await p.ledger(id), p.a.id), receipt: await receiptOf(id) };
}

describe('revenueBasis', () => {
  it('takes off only what is both excluded and reported, never below 0', () => {
    const both = { excludeTax: true, excludeFees: true };
    expect(revenueBasis({ amount: 10_000, tax: 1_000, fee: 300 }, both)).toEqual({ amount: 10_000, tax: 1_000, fee: 300, excluded: ['tax', 'fee'], not_reported: [], basis: 8_700 });
    expect(revenueBasis({ amount: 10_000, tax: null }, both)).toMatchObject({ excluded: [], not_reported: ['tax', 'fee'], basis: 10_000 });
    expect(revenueBasis({ amount: 100, tax: 80, fee: 60 }, both).basis).toBe(0);
    expect(revenueBasis({ amount: 100, tax: 80, fee: 60 }, { excludeTax: false, excludeFees: false })).toMatchObject({ excluded: [], not_reported: [], basis: 100 });
  });
});

describe('POST /v1/track/sale with tax and fee', () => {
  it('a percent rule applies to each basis the campaign chooses, exact and rounded half up', async () => {
    expect((await rule({ amount: 12.5 })).status).toBe(200);
    const reported = { amount: 10_001, tax: 1_001, fee: 333 };
    // 12.5 % of 10001 = 1250.125; of 9000 = 1125; of 9668 = 1208.5 → 1209; of 8667 = 1083.375
    const cases = [
      [false, false, 10_001, 1_250, []],
      [true, false, 9_000, 1_125, ['tax']],
      [false, true, 9_668, 1_209, ['fee']],
      [true, true, 8_667, 1_083, ['tax', 'fee']],
    ] as const;
    for (const [tax, fees, base, earned, excluded] of cases) {
      expect((await basis(tax, fees)).status).toBe(200);
      const s = await sale(reported);
      expect(s.earned).toBe(earned);
      expect(await p.conversion(s.id)).toMatchObject({ amount: 10_001, tax: 1_001, fee: 333 });
      expect(s.receipt).toMatchObject({ amount: earned, revenue_basis: { amount: 10_001, tax: 1_001, fee: 333, excluded, not_reported: [], basis: base } });
    }
  });

  it('a sale that reports no tax earns on its full amount, and the receipt says tax was not reported', async () => {
    await rule({ amount: 30 });
    await basis(true, true);
    const s = await sale({ amount: 10_000, fee: 500 });
    expect(s.earned).toBe(2_850); // 30 % of 10000 − 500
    expect(s.receipt.revenue_basis).toEqual({ amount: 10_000, tax: null, fee: 500, excluded: ['fee'], not_reported: ['tax'], basis: 9_500 });
    const none = await sale({ amount: 10_000 });
    expect(none.earned).toBe(3_000);
    expect(none.receipt.revenue_basis).toMatchObject({ tax: null, fee: null, excluded: [], not_reported: ['tax', 'fee'], basis: 10_000 });
    expect(await p.conversion(none.id)).toMatchObject({ tax: null, fee: null });
    // the workspace's view of the conversion says what the sale reported
    const shown = async (id: string) => (await api.call('GET', `/v1/conversions/${id}`, { token: p.token })).body.data;
    expect(await shown(s.id)).toMatchObject({ amount: 10_000, tax: null, fee: 500 });
    expect(await shown(none.id)).toMatchObject({ tax: null, fee: null });
  });

  it('a flat rule earns its amount whatever the basis', async () => {
    await rule({ amount: 700, is_flat: true, currency: 'usd' });
    await basis(true, true);
    const s = await sale({ amount: 10_000, tax: 2_000, fee: 300 });
    expect(s.earned).toBe(700);
    expect(s.receipt.revenue_basis).toBeNull();
    await rule({ amount: 30, is_flat: false });
  });

  it('a partial refund of a net-basis sale shrinks its commission in proportion', async () => {
    await rule({ amount: 30 });
    await basis(true, true);
    const s = await sale({ amount: 10_000, tax: 1_000, fee: 300 });
    expect(s.earned).toBe(2_610); // 30 % of 8700
    const external = (await p.conversion(s.id)).externalId;
    expect((await p.track('refund', { external_id: external, amount: 2_500 })).status).toBe(200);
    // 2610 × 7500 / 10000 = 1957.5 → 1958
    expect(liveSum(await p.ledger(s.id), p.a.id)).toBe(1_958);
    expect((await p.track('refund', { external_id: external })).status).toBe(200);
    expect(liveSum(await p.ledger(s.id), p.a.id)).toBe(0);
  });

  it('refuses a bad tax or fee and stores nothing', async () => {
    const stored = async () => (await api.db.select({ n: count() }).from(conversions).where(eq(conversions.workspaceId, p.ws.id)))[0].n;
    const before = await stored();
    const bad = [
      { amount: 1_000, tax: 1_001 },
      { amount: 1_000, fee: 1_001 },
      { amount: 1_000, tax: -1 },
      { amount: 1_000, fee: 2.5 },
      { amount: 1_000, tax: '100' },
      { amount: 1_000, fee: Number.MAX_SAFE_INTEGER + 2 },
    ];
    for (const body of bad) {
      const res = await p.track('sale', { external_id: `net_bad_${n++}`, ref: p.a.ref, ...body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    }
    // a lead has no tax or fee
    expect((await p.track('lead', { external_id: `net_bad_${n++}`, ref: p.a.ref, tax: 1 })).body.error).toBe('invalid_request');
    expect(await stored()).toBe(before);
  });
});
