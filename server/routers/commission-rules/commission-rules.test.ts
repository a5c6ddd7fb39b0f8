import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionRules, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
const path = (campaignId: string) => `/v1/campaigns/${campaignId}/commission-rule`;
const newCampaign = async (name = 'Rates', token = ws.token): Promise<string> =>
  (await api.call('POST', '/v1/campaigns', { token, body: { name } })).body.data.id;
const put = (campaignId: string, body: unknown, token = ws.token) => api.call('PUT', path(campaignId), { token, body });
const get = (campaignId: string, token = ws.token) => api.call('GET', path(campaignId), { token });
const campaignEvents = async (workspaceId = ws.id) =>
  (await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'campaign.updated')))).length;

describe('GET /v1/campaigns/{id}/commission-rule', () => {
  it('answers an empty rate for a new campaign', async () => {
    const id = await newCampaign('Empty');
    const res = await get(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'commission_rule', campaign: 'Empty', data: null, rules: [], product_overrides: [] });
  });

  it('answers link_not_found for unknown, malformed and foreign campaigns', async () => {
    const stranger = await api.workspace(['*']);
    const foreign = await newCampaign('Theirs', stranger.token);
    for (const id of [MISSING, 'not-a-uuid', foreign]) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
  });

  it('needs read access and a token', async () => {
    const id = await newCampaign();
    const trackOnly = await ws.keyFor(['track']);
    const res = await get(id, trackOnly);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', path(id))).status).toBe(401);
    expect((await get(id, await ws.keyFor([]))).status).toBe(200);
  });
});

describe('PUT /v1/campaigns/{id}/commission-rule with the rule\'s own terms', () => {
  it('creates the catch-all with every default and stores percent in hundredths', async () => {
    const id = await newCampaign('Defaults');
    const events = await campaignEvents();
    const res = await put(id, { amount: 25.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'commission_rule', campaign: 'Defaults', product_overrides: [] });
    expect(res.body.data).toMatchObject({
      name: 'Default commission',
      kind: 'default',
      amount: 25.5,
      is_flat: false,
      currency: null,
      length_type: 'one_time',
      length_months: null,
      applies_to_interval: 'any',
      product_ids: [],
      reward_id: null,
      reward_type: 'cash',
    });
    expect(res.body.rules).toEqual([res.body.data]);
    const [stored] = await api.db.select().from(commissionRules).where(eq(commissionRules.id, res.body.data.id));
    expect(stored.amount).toBe(2550);
    expect(await campaignEvents()).toBe(events + 1);
    expect(await get(id)).toMatchObject({ status: 200, body: res.body });
  });

  it('emits campaign.updated carrying the campaign record', async () => {
    const id = await newCampaign('Evented');
    await put(id, { amount: 10 });
    const rows = await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, ws.id));
    const payload = rows.map((r) => r.payload as { type: string; data: { object: string; id: string } }).find((p) => p.type === 'campaign.updated' && p.data.id === id);
    expect(payload?.data).toMatchObject({ object: 'campaign', id, name: 'Evented' });
  });

  it('upserts by kind and scope instead of adding rules', async () => {
    const id = await newCampaign('Upsert');
    const first = await put(id, { amount: 20 });
    const second = await put(id, { amount: 500, is_flat: true, name: 'Flat five' });
    expect(second.body.rules).toHaveLength(1);
    expect(second.body.data).toMatchObject({ id: first.body.data.id, name: 'Flat five', amount: 500, is_flat: true, currency: 'usd' });
    expect(second.body.data.created_at).toBe(first.body.data.created_at);

    const a = await put(id, { kind: 'product', product_ids: ['prod_B', 'prod_A', 'prod_A'], amount: 40 });
    const pro = a.body.rules.find((r: { kind: string }) => r.kind === 'product');
    expect(pro.product_ids).toEqual(['prod_A', 'prod_B']);
    const b = await put(id, { kind: 'product', product_ids: ['prod_A', 'prod_B'], amount: 45 });
    expect(b.body.rules.filter((r: { kind: string }) => r.kind === 'product')).toMatchObject([{ id: pro.id, amount: 45 }]);
    const c = await put(id, { kind: 'product', product_ids: ['prod_A'], amount: 50 });
    expect(c.body.rules.filter((r: { kind: string }) => r.kind === 'product')).toHaveLength(2);

    const monthly = await put(id, { kind: 'interval', applies_to_interval: 'month', amount: 10, length_type: 'limited', length_months: 12 });
    const yearly = await put(id, { kind: 'interval', applies_to_interval: 'year', amount: 12.75, length_type: 'lifetime' });
    expect(yearly.body.rules).toHaveLength(5);
    expect(yearly.body.rules.find((r: { applies_to_interval: string }) => r.applies_to_interval === 'month')).toMatchObject({
      id: monthly.body.rules.find((r: { kind: string }) => r.kind === 'interval').id,
      kind: 'interval',
      amount: 10,
      length_type: 'limited',
      length_months: 12,
    });
    expect(yearly.body.data).toMatchObject({ id: first.body.data.id, kind: 'default' });
  });

  it('takes the workspace currency for flat amounts and keeps exact percentages', async () => {
    const other = await api.workspace(['*']);
    await api.call('PATCH', '/v1/settings', { token: other.token, body: { currency: 'eur' } });
    const id = await newCampaign('Euro', other.token);
    const flat = await put(id, { amount: 1999, is_flat: true }, other.token);
    expect(flat.body.data).toMatchObject({ amount: 1999, currency: 'eur' });
    const gbp = await put(id, { amount: 1999, is_flat: true, currency: 'GBP' }, other.token);
    expect(gbp.body.data.currency).toBe('gbp');
    for (const amount of [0.29, 0.01, 100, 33.33]) {
      const res = await put(id, { amount }, other.token);
      expect(res.body.data.amount, String(amount)).toBe(amount);
      expect(res.body.data.currency).toBeNull();
    }
  });

  it.each([
    [{}, 'amount_required'],
    [{ name: 'No amount', kind: 'default' }, 'amount_required'],
    [{ kind: 'product', amount: 10 }, 'product_ids_required'],
    [{ kind: 'product', product_ids: [], amount: 10 }, 'invalid_request'],
    [{ kind: 'product', product_ids: [''], amount: 10 }, 'invalid_request'],
    [{ product_ids: ['prod_A'], amount: 10 }, 'invalid_request'],
    [{ kind: 'interval', product_ids: ['prod_A'], applies_to_interval: 'month', amount: 10 }, 'invalid_request'],
    [{ kind: 'interval', amount: 10 }, 'invalid_request'],
    [{ kind: 'interval', applies_to_interval: 'any', amount: 10 }, 'invalid_request'],
    [{ kind: 'tiered', amount: 10 }, 'invalid_request'],
    [{ amount: 0 }, 'invalid_request'],
    [{ amount: -5 }, 'invalid_request'],
    [{ amount: 100.01 }, 'invalid_request'],
    [{ amount: 12.345 }, 'invalid_request'],
    [{ amount: '10' }, 'invalid_request'],
    [{ amount: 5.5, is_flat: true }, 'invalid_request'],
    [{ amount: 3_000_000_000, is_flat: true }, 'invalid_request'],
    [{ amount: 10, currency: 'usd' }, 'invalid_request'],
    [{ amount: 10, is_flat: true, currency: 'dollars' }, 'invalid_request'],
    [{ amount: 10, length_type: 'limited' }, 'invalid_request'],
    [{ amount: 10, length_months: 3 }, 'invalid_request'],
    [{ amount: 10, length_type: 'lifetime', length_months: 3 }, 'invalid_request'],
    [{ amount: 10, length_type: 'limited', length_months: 0 }, 'invalid_request'],
    [{ amount: 10, length_type: 'forever' }, 'invalid_request'],
    [{ amount: 10, applies_to_interval: 'week' }, 'invalid_request'],
    [{ amount: 10, name: '' }, 'invalid_request'],
    [{ amount: 10, color: 'blue' }, 'invalid_request'],
    [{ library_reward_id: 'not-a-uuid' }, 'invalid_request'],
  ])('rejects %j with %s and changes nothing', async (body, error) => {
    const id = await newCampaign('Guarded');
    await put(id, { amount: 20 });
    const before = await get(id);
    const events = await campaignEvents();
    const res = await put(id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await get(id)).body).toEqual(before.body);
    expect(await campaignEvents()).toBe(events);
  });

  it('names the offending field', async () => {
    const id = await newCampaign();
    expect((await put(id, { amount: 10, color: 'blue' })).body).toEqual({ error: 'invalid_request', detail: 'unknown field: color' });
    expect((await put(id, { amount: 12.345 })).body.detail).toMatch(/^amount: /);
    expect((await put(id, { amount: 10, length_type: 'limited' })).body.detail).toMatch(/^length_months: /);
  });

  it('answers link_not_found for unknown, malformed and foreign campaigns, writing nothing', async () => {
    const stranger = await api.workspace(['*']);
    const foreign = await newCampaign('Theirs', stranger.token);
    for (const id of [MISSING, 'nope', foreign]) {
      const res = await put(id, { amount: 10 });
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
    expect((await get(foreign, stranger.token)).body.rules).toEqual([]);
    expect(await campaignEvents(stranger.id)).toBe(0);
  });

  it('needs the write scope', async () => {
    const id = await newCampaign();
    const readOnly = await ws.keyFor(['read']);
    const res = await put(id, { amount: 10 }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await get(id)).body.rules).toEqual([]);
  });

  it('keeps one rule per scope under concurrent writes', async () => {
    const id = await newCampaign('Raced');
    const amounts = [5, 10, 15, 20, 25, 30, 35, 40];
    const results = await Promise.all(amounts.map((amount) => put(id, { amount })));
    expect(results.map((r) => r.status)).toEqual(amounts.map(() => 200));
    const products = await Promise.all([
      put(id, { kind: 'product', product_ids: ['prod_X', 'prod_Y'], amount: 1 }),
      put(id, { kind: 'product', product_ids: ['prod_Y', 'prod_X'], amount: 2 }),
      put(id, { kind: 'product', product_ids: ['prod_X', 'prod_Y', 'prod_X'], amount: 3 }),
    ]);
    expect(products.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await get(id);
    expect(after.body.rules.map((r: { kind: string }) => r.kind).sort()).toEqual(['default', 'product']);
    expect(amounts).toContain(after.body.data.amount);
  });
});
