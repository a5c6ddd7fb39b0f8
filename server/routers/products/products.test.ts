import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let campaignId: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  campaignId = await newCampaign('Pro rate');
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
async function newCampaign(name: string, token = ws.token): Promise<string> {
  return (await api.call('POST', '/v1/campaigns', { token, body: { name } })).body.data.id;
}
const create = (body: unknown, token = ws.token) => api.call('POST', '/v1/products', { token, body });
const read = (id: string, token = ws.token) => api.call('GET', `/v1/products/${id}`, { token });
const patch = (id: string, body: unknown, token = ws.token) => api.call('PATCH', `/v1/products/${id}`, { token, body });
const storedCount = async (workspaceId = ws.id) =>
  (await api.db.select().from(products).where(eq(products.workspaceId, workspaceId))).length;

describe('POST /v1/products', () => {
  it('creates with defaults and with a campaign redirect', async () => {
    const res = await create({ provider_product_id: ' prod_basic ', name: ' Basic ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      object: 'product',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        provider_product_id: 'prod_basic',
        name: 'Basic',
        commissionable: true,
        campaign_id: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    const full = await create({ provider_product_id: 'prod_pro', name: 'Pro', commissionable: false, campaign_id: campaignId });
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({ provider_product_id: 'prod_pro', commissionable: false, campaign_id: campaignId });
  });

  it.each([
    [{}, 'provider_product_id_required'],
    [{ name: 'Nameless id' }, 'provider_product_id_required'],
    [{ provider_product_id: 'prod_x' }, 'name_required'],
    [{ provider_product_id: '', name: 'x' }, 'invalid_request'],
    [{ provider_product_id: 'p'.repeat(201), name: 'x' }, 'invalid_request'],
    [{ provider_product_id: 42, name: 'x' }, 'invalid_request'],
    [{ provider_product_id: 'prod_x', name: 'x', commissionable: 'yes' }, 'invalid_request'],
    [{ provider_product_id: 'prod_x', name: 'x', campaign_id: 'not-a-uuid' }, 'invalid_request'],
    [{ provider_product_id: 'prod_x', name: 'x', price: 10 }, 'invalid_request'],
  ])('rejects %j with %s and stores nothing', async (body, error) => {
    const before = await storedCount();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await storedCount()).toBe(before);
  });

  it('answers unknown_resource for a campaign outside the workspace', async () => {
    const stranger = await api.workspace(['*']);
    const theirs = await newCampaign('Theirs', stranger.token);
    const before = await storedCount();
    for (const id of [MISSING, theirs]) {
      const res = await create({ provider_product_id: 'prod_lost', name: 'Lost', campaign_id: id });
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('unknown_resource');
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers invalid_state for a provider id already cataloged, per workspace', async () => {
    await create({ provider_product_id: 'prod_dup', name: 'First' });
    const again = await create({ provider_product_id: 'prod_dup', name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
    expect((await read('prod_dup')).body.data.name).toBe('First');
    const other = await api.workspace(['*']);
    expect((await create({ provider_product_id: 'prod_dup', name: 'Theirs' }, other.token)).status).toBe(201);
  });

  it('creates a provider id once under concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ provider_product_id: 'prod_race', name: `Racer ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error === 'invalid_state')).toHaveLength(5);
    const rows = await api.db.select().from(products).where(eq(products.providerProductId, 'prod_race'));
    expect(rows).toHaveLength(1);
  });

  it('replays a retried create carrying the same Idempotency-Key', async () => {
    const body = { provider_product_id: 'prod_retried', name: 'Retried' };
    const headers = { 'Idempotency-Key': 'create-prod-retried' };
    const first = await api.call('POST', '/v1/products', { token: ws.token, body, headers });
    const again = await api.call('POST', '/v1/products', { token: ws.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const plain = await create(body);
    expect(plain.status).toBe(409);
  });

  it('needs the write scope', async () => {
    const before = await storedCount();
    const res = await create({ provider_product_id: 'prod_ro', name: 'x' }, await ws.keyFor(['read']));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /v1/products/{id}', () => {
  it('finds a product by uuid or by provider id', async () => {
    const made = (await create({ provider_product_id: 'prod_find', name: 'Findable' })).body.data;
    expect((await read(made.id)).body).toEqual({ object: 'product', data: made });
    expect((await read('prod_find')).body).toEqual({ object: 'product', data: made });
    const uuidShaped = '3f2b8c1e-0000-4000-8000-00000000abcd';
    const odd = (await create({ provider_product_id: uuidShaped, name: 'Uuid-shaped provider id' })).body.data;
    expect((await read(uuidShaped)).body.data.id).toBe(odd.id);
  });

  it('answers link_not_found for unknown and foreign products', async () => {
    const made = (await create({ provider_product_id: 'prod_private', name: 'Private' })).body.data;
    const stranger = await api.workspace(['*']);
    for (const [id, token] of [[MISSING, ws.token], ['prod_unknown', ws.token], [made.id, stranger.token], ['prod_private', stranger.token]]) {
      const res = await read(id, token);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
    const trackOnly = await read(made.id, await ws.keyFor(['track']));
    expect(trackOnly.status).toBe(403);
    expect(trackOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', `/v1/products/${made.id}`)).status).toBe(401);
  });
});

describe('GET /v1/products', () => {
  it('pages newest first and filters by campaign', async () => {
    const shop = await api.workspace(['*']);
    const camp = await newCampaign('Filter', shop.token);
    for (const [id, redirect] of [['prod_1', false], ['prod_2', true], ['prod_3', true]] as const) {
      await create({ provider_product_id: id, name: id, campaign_id: redirect ? camp : undefined }, shop.token);
    }
    const list = (q = '') => api.call('GET', `/v1/products${q}`, { token: shop.token });
    const all = await list();
    expect(all.body).toMatchObject({ object: 'list', resource: 'products', limit: 50, offset: 0, has_more: false });
    expect(all.body.data.map((p: { provider_product_id: string }) => p.provider_product_id)).toEqual(['prod_3', 'prod_2', 'prod_1']);
    const page = await list('?limit=2&offset=1');
    expect(page.body).toMatchObject({ limit: 2, offset: 1, has_more: false });
    expect(page.body.data.map((p: { provider_product_id: string }) => p.provider_product_id)).toEqual(['prod_2', 'prod_1']);
    expect((await list('?limit=1')).body.has_more).toBe(true);
    const filtered = await list(`?campaign_id=${camp}`);
    expect(filtered.body.data.map((p: { provider_product_id: string }) => p.provider_product_id)).toEqual(['prod_3', 'prod_2']);

    const unknown = await list(`?campaign_id=${campaignId}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('unknown_resource');
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'campaign_id=nope']) {
      const res = await list(`?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
    const stranger = await api.workspace(['*']);
    expect((await api.call('GET', '/v1/products', { token: stranger.token })).body.data).toEqual([]);
  });
});

describe('PATCH /v1/products/{id}', () => {
  it('renames, toggles commissionable and moves the redirect, addressed either way', async () => {
    const made = (await create({ provider_product_id: 'prod_edit', name: 'Edit me' })).body.data;
    const renamed = await patch(made.id, { name: 'Edited', commissionable: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: made.id, name: 'Edited', commissionable: false, campaign_id: null });
    const redirected = await patch('prod_edit', { campaign_id: campaignId });
    expect(redirected.body.data.campaign_id).toBe(campaignId);
    const overrides = await api.call('GET', `/v1/campaigns/${campaignId}/commission-rule`, { token: ws.token });
    expect(overrides.body.product_overrides).toContainEqual({ id: made.id, provider_product_id: 'prod_edit', name: 'Edited', commissionable: false });
    const cleared = await patch('prod_edit', { campaign_id: null });
    expect(cleared.body.data).toMatchObject({ campaign_id: null, name: 'Edited', commissionable: false });
  });

  it('rejects bad changes and foreign campaigns, changing nothing', async () => {
    const made = (await create({ provider_product_id: 'prod_fixed', name: 'Fixed' })).body.data;
    const stranger = await api.workspace(['*']);
    const theirs = await newCampaign('Theirs', stranger.token);
    const cases: [unknown, number, string][] = [
      [{ provider_product_id: 'prod_other' }, 400, 'invalid_request'],
      [{ name: '' }, 400, 'invalid_request'],
      [{ commissionable: 'no' }, 400, 'invalid_request'],
      [{ campaign_id: 'x' }, 400, 'invalid_request'],
      [{ campaign_id: theirs }, 404, 'unknown_resource'],
      [{ campaign_id: MISSING, name: 'Changed' }, 404, 'unknown_resource'],
    ];
    for (const [body, status, error] of cases) {
      const res = await patch(made.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    expect((await read(made.id)).body.data).toEqual(made);
  });

  it('answers link_not_found for unknown and foreign products, 403 without write', async () => {
    const made = (await create({ provider_product_id: 'prod_mine', name: 'Mine' })).body.data;
    const stranger = await api.workspace(['*']);
    for (const [id, token] of [[MISSING, ws.token], ['prod_ghost', ws.token], [made.id, stranger.token], ['prod_mine', stranger.token]]) {
      const res = await patch(id, { name: 'pwned' }, token);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
    const readOnly = await patch(made.id, { name: 'pwned' }, await ws.keyFor(['read']));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await read(made.id)).body.data.name).toBe('Mine');
  });
});

describe('GET and PUT /v1/products/policy', () => {
  it('defaults to true, changes per workspace, and wins over a product named policy', async () => {
    const shop = await api.workspace(['*']);
    const policy = (token = shop.token) => api.call('GET', '/v1/products/policy', { token });
    expect(await policy()).toMatchObject({ status: 200, body: { object: 'product_policy', data: { commission_unmapped_products: true } } });
    const put = await api.call('PUT', '/v1/products/policy', { token: shop.token, body: { commission_unmapped_products: false } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ object: 'product_policy', data: { commission_unmapped_products: false } });
    expect((await policy()).body.data.commission_unmapped_products).toBe(false);
    expect((await policy(ws.token)).body.data.commission_unmapped_products).toBe(true);

    const named = (await create({ provider_product_id: 'policy', name: 'A product called policy' }, shop.token)).body.data;
    expect((await policy()).body.object).toBe('product_policy');
    expect((await read(named.id, shop.token)).body.data.provider_product_id).toBe('policy');
  });

  it('rejects bad bodies and missing scopes, changing nothing', async () => {
    const shop = await api.workspace(['*']);
    const cases: [unknown, string][] = [
      [{}, 'commission_unmapped_products_required'],
      [{ commission_unmapped_products: 'no' }, 'invalid_request'],
      [{ commission_unmapped_products: false, extra: 1 }, 'invalid_request'],
    ];
    for (const [body, error] of cases) {
      const res = await api.call('PUT', '/v1/products/policy', { token: shop.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const readOnly = await api.call('PUT', '/v1/products/policy', { token: await shop.keyFor(['read']), body: { commission_unmapped_products: false } });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const trackOnly = await api.call('GET', '/v1/products/policy', { token: await shop.keyFor(['track']) });
    expect(trackOnly.status).toBe(403);
    expect(trackOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', '/v1/products/policy')).status).toBe(401);
    const after = await api.call('GET', '/v1/products/policy', { token: shop.token });
    expect(after.body.data.commission_unmapped_products).toBe(true);
  });
});
