import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { recordConversion } from './record-conversion';

// What recording a sale keeps beside the conversion: the attribution receipt
// (GET /v1/conversions/{id}/attribution) names the rule, the campaign whose rate applied, the
// amount and why; the rule's terms decide the commission's currency. Mutation testing showed
// that no test read a receipt written by the recorder, only hand-stored ones.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'rec' });
});
afterAll(() => api.close());

const call = (method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown) => api.call(method, `/v1${path}`, { token: p.token, body });
const receiptOf = async (conversionId: string) => (await call('GET', `/conversions/${conversionId}/attribution`)).body.data;
const defaultRule = async () => (await call('GET', `/campaigns/${p.campaign.id}/commission-rule`)).body.data;

describe('the attribution receipt of a recorded sale', () => {
  it('names the rule, the campaign whose rate applied, the amount and the reason', async () => {
    const id = await p.sale('rec_1', 12_345);
    const rule = await defaultRule();
    const receipt = await receiptOf(id);
    expect(receipt).toMatchObject({
      conversion_id: id,
      method: 'ref',
      rule: { id: rule.id, kind: 'default', name: rule.name },
      rate_campaign_id: p.campaign.id,
      amount: 3_704, // 30 % of 123.45, half up
      currency: 'usd',
      reason: 'rule',
    });
    expect(Object.keys(receipt.rule).sort()).toEqual(['id', 'kind', 'name']);
    const [commission] = await p.ledger(id);
    expect([commission.amount, commission.currency]).toEqual([3_704, 'usd']);
  });

  it('pays a flat rule in the rule’s own currency, whatever the sale’s', async () => {
    expect((await call('PUT', `/campaigns/${p.campaign.id}/commission-rule`, { is_flat: true, amount: 500, currency: 'eur' })).status).toBe(200);
    try {
      const id = await p.sale('rec_flat', 10_000);
      expect(await receiptOf(id)).toMatchObject({ amount: 500, currency: 'eur', reason: 'rule' });
      const [commission] = await p.ledger(id);
      expect([commission.amount, commission.currency]).toEqual([500, 'eur']);
    } finally {
      await call('PUT', `/campaigns/${p.campaign.id}/commission-rule`, { amount: 30 });
    }
  });

  it('says why a sale of a product outside the catalog earns nothing when the policy says so', async () => {
    expect((await call('PUT', '/products/policy', { commission_unmapped_products: false })).status).toBe(200);
    try {
      const id = (await p.track('sale', { external_id: 'rec_unmapped', ref: p.a.ref, amount: 10_000, product_id: 'prod_unknown' })).body.conversion_id;
      expect(await receiptOf(id)).toMatchObject({ amount: 0, rule: null, rate_campaign_id: p.campaign.id, currency: 'usd', reason: 'unmapped_product' });
      expect(await p.ledger(id)).toEqual([]);
    } finally {
      await call('PUT', '/products/policy', { commission_unmapped_products: true });
    }
  });

  it('a lead earns nothing, even under a flat rule, and its receipt names no rule', async () => {
    expect((await call('PUT', `/campaigns/${p.campaign.id}/commission-rule`, { is_flat: true, amount: 500, currency: 'eur' })).status).toBe(200);
    try {
      const id = (await p.track('lead', { external_id: 'rec_lead', ref: p.a.ref })).body.conversion_id;
      expect(await receiptOf(id)).toMatchObject({ rule: null, rate_campaign_id: null, amount: 0, reason: 'no_commission_for_this_conversion' });
      expect(await p.ledger(id)).toEqual([]);
    } finally {
      await call('PUT', `/campaigns/${p.campaign.id}/commission-rule`, { amount: 30 });
    }
  });
});

describe('recordConversion refuses what cannot be attributed or paid', () => {
  const ctx = () => ({ db: api.db, workspaceId: p.ws.id });
  it('a sale without an amount: amount_required, nothing stored', async () => {
    const input = { type: 'sale' as const, externalId: 'rec_no_amount', ref: p.a.ref };
    await expect(recordConversion({ ctx: ctx(), input })).rejects.toMatchObject({ code: 'amount_required' });
    expect((await call('GET', '/conversions?limit=100')).body.data.map((c: { external_id: string }) => c.external_id)).not.toContain('rec_no_amount');
  });

  it('an address without a user agent identifies nobody: visitor_id_required', async () => {
    const input = { type: 'lead' as const, externalId: 'rec_ip_only', ip: '203.0.113.7' };
    await expect(recordConversion({ ctx: ctx(), input })).rejects.toMatchObject({ code: 'visitor_id_required' });
    const both = await recordConversion({ ctx: ctx(), input: { ...input, userAgent: 'Mozilla/5.0 Firefox/140.0' } });
    expect(both.ok).toBe(true);
  });
});
