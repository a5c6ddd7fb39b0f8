import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionRules, commissions, conversions, idempotencyKeys, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// The preview must say exactly what a tracked sale with the same facts earns: each case tracks a
// real sale through /v1/track/sale and compares the commission row it created with the preview.

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'pre' });
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
const previewPath = (campaignId: string) => `/v1/campaigns/${campaignId}/commission-rule/preview`;
const preview = (body: unknown, token = p.token, campaignId = p.campaign.id) => api.call('POST', previewPath(campaignId), { token, body });
const putRule = async (body: unknown, campaignId = p.campaign.id) => {
  const res = await api.call('PUT', `/v1/campaigns/${campaignId}/commission-rule`, { token: p.token, body });
  expect(res.status).toBe(200);
  return res.body;
};
let orders = 0;
/** Tracks a sale by affiliate A and answers the earning commission it created (or undefined). */
async function trackedEarning(body: Record<string, unknown>) {
  const res = await p.track('sale', { external_id: `pre_${++orders}`, ref: p.a.ref, ...body });
  expect(res.body.attributed).toBe(true);
  const rows = await p.ledger(res.body.conversion_id);
  return { row: rows.find((r) => r.kind === 'earning'), conversion: await p.conversion(res.body.conversion_id) };
}
const ruleOf = (body: { rules: { id: string; kind: string; applies_to_interval: string; product_ids: string[] }[] }, kind: string) =>
  body.rules.find((r) => r.kind === kind)!;
const tableCounts = async () =>
  Promise.all([commissionRules, commissions, conversions, webhookEvents, idempotencyKeys].map(async (t) => (await api.db.select({ n: count() }).from(t))[0].n));

describe('POST /v1/campaigns/{id}/commission-rule/preview agrees with a tracked sale', () => {
  it('default rule: 30 % of the sale, rounded half-up like the engine', async () => {
    const res = await preview({ amount: 12_345 });
    expect(res.status).toBe(200);
    const defaultRule = ruleOf((await api.call('GET', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token })).body, 'default');
    expect(res.body).toEqual({
      object: 'commission_preview',
      data: {
        rule_id: defaultRule.id,
        rule_kind: 'default',
        rule_name: 'Default commission',
        rate_campaign_id: p.campaign.id,
        amount: 3_704,
        currency: 'usd',
        reason_code: 'rule',
        reason: 'default rule "Default commission"',
        revenue_basis: { amount: 12_345, tax: null, fee: null, excluded: [], not_reported: [], basis: 12_345 },
      },
    });
    const { row } = await trackedEarning({ amount: 12_345 });
    expect(row).toMatchObject({ amount: res.body.data.amount, currency: res.body.data.currency, ruleId: res.body.data.rule_id });
  });

  it('product rule beats the interval and default rules; other products fall through', async () => {
    await putRule({ kind: 'product', product_ids: ['prod_pro'], amount: 700, is_flat: true, length_type: 'lifetime' });
    const body = await putRule({ kind: 'interval', applies_to_interval: 'month', amount: 10, length_type: 'lifetime' });
    const productRule = ruleOf(body, 'product');
    const byProduct = await preview({ amount: 10_000, product_id: 'prod_pro', interval: 'month' });
    expect(byProduct.body.data).toMatchObject({ rule_id: productRule.id, rule_kind: 'product', amount: 700, currency: 'usd' });
    const tracked = await trackedEarning({ amount: 10_000, product_id: 'prod_pro', interval: 'month' });
    expect(tracked.row).toMatchObject({ amount: 700, ruleId: productRule.id });

    const byInterval = await preview({ amount: 10_000, product_id: 'prod_other', interval: 'month' });
    expect(byInterval.body.data).toMatchObject({ rule_id: ruleOf(body, 'interval').id, rule_kind: 'interval', amount: 1_000 });
    expect((await trackedEarning({ amount: 10_000, product_id: 'prod_other', interval: 'month' })).row).toMatchObject({
      amount: 1_000,
      ruleId: ruleOf(body, 'interval').id,
    });
  });

  it('interval rule: a yearly sale falls back to the default, a monthly one takes the interval rate', async () => {
    const monthly = await preview({ amount: 4_999, interval: 'month', currency: 'EUR' });
    expect(monthly.body.data).toMatchObject({ rule_kind: 'interval', amount: 500, currency: 'eur' });
    expect((await trackedEarning({ amount: 4_999, interval: 'month', currency: 'eur' })).row).toMatchObject({ amount: 500, currency: 'eur' });
    const yearly = await preview({ amount: 4_999, interval: 'year' });
    expect(yearly.body.data).toMatchObject({ rule_kind: 'default', amount: 1_500 });
    expect((await trackedEarning({ amount: 4_999, interval: 'year' })).row?.amount).toBe(1_500);
  });

  it('a limited rule past its months earns nothing, with the reason; inside them it earns', async () => {
    const body = await putRule({ kind: 'interval', applies_to_interval: 'month', amount: 20, length_type: 'limited', length_months: 2 });
    // Four monthly payments of one customer, on the 15th of the last four months.
    const now = new Date();
    const results = [];
    for (let i = 0; i < 4; i++) {
      const ts = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4 + i, 15, 12));
      results.push(await trackedEarning({ amount: 2_000, interval: 'month', customer_id: 'cus_limited', ts: ts.toISOString() }));
    }
    for (const [periodIndex, tracked] of results.entries()) {
      const res = await preview({ amount: 2_000, interval: 'month', period_index: periodIndex });
      expect(res.status).toBe(200);
      expect(res.body.data.amount, `period ${periodIndex}`).toBe(tracked.row?.amount ?? 0);
      expect(res.body.data.reason_code, `period ${periodIndex}`).toBe((tracked.conversion.attribution as { reason: string }).reason);
    }
    expect(results.map((r) => r.row?.amount ?? 0)).toEqual([400, 400, 0, 0]);
    const ended = await preview({ amount: 2_000, interval: 'month', period_index: 2 });
    expect(ended.body.data).toMatchObject({
      rule_id: ruleOf(body, 'interval').id,
      amount: 0,
      reason_code: 'limited_rule_expired',
      reason: 'limited rule "Interval commission" ended after 2 months',
    });
    // A yearly plan counts a period as twelve months: its second payment is past a 2-month rule too.
    await putRule({ kind: 'interval', applies_to_interval: 'year', amount: 20, length_type: 'limited', length_months: 2 });
    expect((await preview({ amount: 2_000, interval: 'year', period_index: 1 })).body.data).toMatchObject({ amount: 0, reason_code: 'limited_rule_expired' });
    expect((await preview({ amount: 2_000, interval: 'year', period_index: 0 })).body.data.amount).toBe(400);
  });

  it('mirrors the catalog: not commissionable earns nothing, a redirected product earns the other campaign\'s rate', async () => {
    const blocked = await api.call('POST', '/v1/products', { token: p.token, body: { provider_product_id: 'prod_free', name: 'Free', commissionable: false } });
    expect(blocked.status).toBe(201);
    const res = await preview({ amount: 10_000, product_id: 'prod_free' });
    expect(res.body.data).toMatchObject({ rule_id: null, amount: 0, reason_code: 'product_not_commissionable', reason: 'product not commissionable' });
    expect((await trackedEarning({ amount: 10_000, product_id: 'prod_free' })).row).toBeUndefined();

    const other = (await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Partners' } })).body.data.id as string;
    const otherRule = ruleOf(await putRule({ amount: 5 }, other), 'default');
    await api.call('POST', '/v1/products', { token: p.token, body: { provider_product_id: 'prod_moved', name: 'Moved', campaign_id: other } });
    const moved = await preview({ amount: 10_000, product_id: 'prod_moved' });
    expect(moved.body.data).toMatchObject({ rule_id: otherRule.id, rate_campaign_id: other, amount: 500 });
    expect(moved.body.data.reason).toContain('redirected');
    expect((await trackedEarning({ amount: 10_000, product_id: 'prod_moved' })).row).toMatchObject({ amount: 500, ruleId: otherRule.id });
  });

  it("a campaign on the net basis: the preview takes tax and fee off as a tracked sale's commission does", async () => {
    const basis = (exclude_tax: boolean, exclude_fees: boolean) =>
      api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.token, body: { commission_basis: { exclude_tax, exclude_fees } } });
    await putRule({ amount: 30 });
    expect((await basis(true, true)).status).toBe(200);
    const sale = { amount: 12_345, tax: 2_345, fee: 301 };
    const res = await preview(sale);
    // 30 % of 9699 = 2909.7 → 2910
    expect(res.body.data).toMatchObject({ amount: 2_910, revenue_basis: { excluded: ['tax', 'fee'], not_reported: [], basis: 9_699 } });
    expect((await trackedEarning(sale)).row).toMatchObject({ amount: 2_910 });
    expect((await preview({ amount: 12_345 })).body.data).toMatchObject({ amount: 3_704, revenue_basis: { not_reported: ['tax', 'fee'] } });
    await basis(false, false);
  });

  it('says so when no rule matches', async () => {
    const empty = (await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'No rate' } })).body.data.id as string;
    const res = await preview({ amount: 10_000 }, p.token, empty);
    expect(res.body.data).toMatchObject({ rule_id: null, rule_kind: null, amount: 0, reason_code: 'no_rule', reason: 'no rule matches' });
  });
});

describe('POST /v1/campaigns/{id}/commission-rule/preview: access and bad input', () => {
  it('writes nothing, and a bad body answers 400 with the documented code', async () => {
    const before = await tableCounts();
    expect((await preview({ amount: 1_000, product_id: 'prod_pro' })).status).toBe(200);
    const cases: [unknown, string][] = [
      [{}, 'amount_required'],
      [{ amount: -1 }, 'invalid_request'],
      [{ amount: 10.5 }, 'invalid_request'],
      [{ amount: 100, interval: 'week' }, 'invalid_request'],
      [{ amount: 100, period_index: -1 }, 'invalid_request'],
      [{ amount: 100, currency: 'euro' }, 'invalid_request'],
      [{ amount: 100, affiliate_id: MISSING }, 'invalid_request'],
      [{ amount: 100, tax: 101 }, 'invalid_request'],
      [{ amount: 100, fee: -1 }, 'invalid_request'],
    ];
    for (const [body, error] of cases) {
      const res = await preview(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    const raw = await api.call('POST', previewPath(p.campaign.id), { token: p.token, rawBody: '{"amount":', headers: { 'Content-Type': 'application/json' } });
    expect(raw.body.error).toBe('invalid_json');
    expect(await tableCounts()).toEqual(before);
  });

  it('needs read access only; another workspace\'s campaign looks missing', async () => {
    expect((await preview({ amount: 100 }, await p.ws.keyFor([]))).status).toBe(200);
    expect((await preview({ amount: 100 }, await p.ws.keyFor(['read']))).status).toBe(200);
    expect((await preview({ amount: 100 }, await p.ws.keyFor(['track']))).body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('POST', previewPath(p.campaign.id), { body: { amount: 100 } })).status).toBe(401);
    const stranger = await api.workspace(['*']);
    const theirs = (await api.call('POST', '/v1/campaigns', { token: stranger.token, body: { name: 'Theirs' } })).body.data.id as string;
    await api.call('PUT', `/v1/campaigns/${theirs}/commission-rule`, { token: stranger.token, body: { amount: 50 } });
    for (const id of [theirs, MISSING, 'not-a-uuid']) {
      const res = await preview({ amount: 100 }, p.token, id);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
  });

  it('is in the OpenAPI document as a POST under Campaigns', async () => {
    const doc = (await api.call('GET', '/v1/openapi.json')).body;
    const op = doc.paths['/campaigns/{id}/commission-rule/preview']?.post;
    expect(op?.tags).toEqual(['Campaigns']);
    expect(op?.description).toContain('extension');
  });
});
