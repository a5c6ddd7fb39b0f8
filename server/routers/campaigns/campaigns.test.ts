import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
});
afterAll(() => api.close());

const create = (body: unknown, token = ws.token) => api.call('POST', '/v1/campaigns', { token, body });

describe('POST /v1/campaigns', () => {
  it('creates with every default of the contract', async () => {
    const res = await create({ name: '  Spring launch  ' });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('campaign');
    expect(res.body.data).toMatchObject({
      name: 'Spring launch',
      status: 'active',
      cookie_window_days: 30,
      attribution_model: 'last_click',
      ref_param: 'ref',
      additional_referral_links: [],
      destination_url: null,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('takes every field', async () => {
    const body = {
      name: 'Full',
      cookie_window_days: 90,
      attribution_model: 'first_click',
      status: 'paused',
      destination_url: 'https://shop.example.com/start',
      additional_referral_links: ['https://blog.example.com'],
      ref_param: 'via',
    };
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject(body);
  });

  it('keeps a customer discount, the code precedence and the commission basis, and clears the discount with null', async () => {
    const res = await create({
      name: 'Two-sided',
      customer_discount: { type: 'percent', amount: 12.5, duration: 'repeating', duration_months: 3 },
      code_precedence: 'code',
      commission_basis: { exclude_tax: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      customer_discount: { type: 'percent', amount: 12.5, currency: null, duration: 'repeating', duration_months: 3 },
      code_precedence: 'code',
      commission_basis: { exclude_tax: true, exclude_fees: false },
    });
    const id = res.body.data.id;
    const flat = await api.call('PATCH', `/v1/campaigns/${id}`, { token: ws.token, body: { customer_discount: { type: 'amount', amount: 500, currency: 'EUR' } } });
    expect(flat.body.data.customer_discount).toEqual({ type: 'amount', amount: 500, currency: 'eur', duration: 'once', duration_months: null });
    expect(flat.body.data.code_precedence).toBe('code'); // untouched by a patch that does not name it
    const cleared = await api.call('PATCH', `/v1/campaigns/${id}`, { token: ws.token, body: { customer_discount: null } });
    expect(cleared.body.data.customer_discount).toBeNull();
    expect((await create({ name: 'Plain' })).body.data).toMatchObject({ customer_discount: null, code_precedence: 'click', commission_basis: { exclude_tax: false, exclude_fees: false } });
  });

  it.each([
    [{}, 'name_required'],
    [{ name: '' }, 'invalid_request'],
    [{ name: 'x', cookie_window_days: 0 }, 'invalid_request'],
    [{ name: 'x', cookie_window_days: 1.5 }, 'invalid_request'],
    [{ name: 'x', attribution_model: 'linear' }, 'invalid_request'],
    [{ name: 'x', destination_url: 'http://insecure.example.com' }, 'invalid_request'],
    [{ name: 'x', ref_param: 'has space' }, 'invalid_request'],
    [{ name: 'x', color: 'blue' }, 'invalid_request'],
    [{ name: 'x', customer_discount: {} }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'percent', amount: 100.5 } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'percent', amount: 10.123 } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'percent', amount: 10, currency: 'usd' } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'amount', amount: 500 } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'amount', amount: 5.5, currency: 'usd' } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'percent', amount: 10, duration: 'repeating' } }, 'invalid_request'],
    [{ name: 'x', customer_discount: { type: 'percent', amount: 10, duration_months: 3 } }, 'invalid_request'],
    [{ name: 'x', code_precedence: 'last_touch' }, 'invalid_request'],
    [{ name: 'x', commission_basis: { exclude_vat: true } }, 'invalid_request'],
  ])('rejects %j with %s and stores nothing', async (body, error) => {
    const before = await api.call('GET', '/v1/campaigns?limit=200', { token: ws.token });
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    const after = await api.call('GET', '/v1/campaigns?limit=200', { token: ws.token });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it('names the unknown field in detail', async () => {
    const res = await create({ name: 'x', color: 'blue' });
    expect(res.body).toEqual({ error: 'invalid_request', detail: 'unknown field: color' });
  });
});

describe('GET and PATCH /v1/campaigns/{id}', () => {
  it('reads back, updates, and refuses status in PATCH', async () => {
    const { body } = await create({ name: 'Patchable' });
    const id = body.data.id;
    const got = await api.call('GET', `/v1/campaigns/${id}`, { token: ws.token });
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('Patchable');

    const patched = await api.call('PATCH', `/v1/campaigns/${id}`, {
      token: ws.token,
      body: { name: 'Renamed', cookie_window_days: 7, destination_url: 'https://x.example.com' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Renamed', cookie_window_days: 7, status: 'active' });

    const withStatus = await api.call('PATCH', `/v1/campaigns/${id}`, { token: ws.token, body: { status: 'paused' } });
    expect(withStatus.status).toBe(400);
    expect(withStatus.body).toEqual({ error: 'invalid_request', detail: 'unknown field: status' });
    const withModel = await api.call('PATCH', `/v1/campaigns/${id}`, { token: ws.token, body: { attribution_model: 'first_click' } });
    expect(withModel.body.error).toBe('invalid_request');
    const unchanged = await api.call('GET', `/v1/campaigns/${id}`, { token: ws.token });
    expect(unchanged.body.data).toMatchObject({ name: 'Renamed', status: 'active', attribution_model: 'last_click' });
  });

  it('answers link_not_found for unknown and malformed ids', async () => {
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await api.call('GET', `/v1/campaigns/${id}`, { token: ws.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
      const patch = await api.call('PATCH', `/v1/campaigns/${id}`, { token: ws.token, body: { name: 'n' } });
      expect(patch.body.error).toBe('link_not_found');
    }
  });
});

describe('POST /v1/campaigns/{id}/status', () => {
  it('moves through paused and archived', async () => {
    const { body } = await create({ name: 'Lifecycle' });
    for (const status of ['paused', 'archived', 'active']) {
      const res = await api.call('POST', `/v1/campaigns/${body.data.id}/status`, { token: ws.token, body: { status } });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    const missing = await api.call('POST', `/v1/campaigns/${body.data.id}/status`, { token: ws.token, body: {} });
    expect(missing.body.error).toBe('status_required');
    const bad = await api.call('POST', `/v1/campaigns/${body.data.id}/status`, { token: ws.token, body: { status: 'deleted' } });
    expect(bad.body.error).toBe('invalid_request');
  });
});

describe('POST /v1/campaigns/{id}/attribution-model', () => {
  it('switches the model; missing or unknown values are refused and change nothing; another workspace cannot', async () => {
    const { body } = await create({ name: 'Model' });
    const path = `/v1/campaigns/${body.data.id}/attribution-model`;
    const res = await api.call('POST', path, { token: ws.token, body: { attribution_model: 'first_click' } });
    expect(res.status).toBe(200);
    expect(res.body.data.attribution_model).toBe('first_click');
    expect((await api.call('POST', path, { token: ws.token, body: {} })).body.error).toBe('attribution_model_required');
    expect((await api.call('POST', path, { token: ws.token, body: { attribution_model: 'linear' } })).body.error).toBe('invalid_request');
    const stranger = await api.workspace(['*']);
    expect((await api.call('POST', path, { token: stranger.token, body: { attribution_model: 'last_click' } })).status).toBe(404);
    const readOnly = await ws.keyFor(['read']);
    expect((await api.call('POST', path, { token: readOnly, body: { attribution_model: 'last_click' } })).body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await api.call('GET', `/v1/campaigns/${body.data.id}`, { token: ws.token })).body.data.attribution_model).toBe('first_click');
  });
});

describe('GET /v1/campaigns', () => {
  it('filters by status and paginates with has_more', async () => {
    const other = await api.workspace(['*']);
    for (const n of ['a', 'b', 'c']) await api.call('POST', '/v1/campaigns', { token: other.token, body: { name: n } });
    await api.call('POST', '/v1/campaigns', { token: other.token, body: { name: 'p', status: 'paused' } });
    const page = await api.call('GET', '/v1/campaigns?limit=2', { token: other.token });
    expect(page.body).toMatchObject({ object: 'list', resource: 'campaigns', limit: 2, offset: 0, has_more: true });
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(['p', 'c']);
    const rest = await api.call('GET', '/v1/campaigns?limit=2&offset=2', { token: other.token });
    expect(rest.body.has_more).toBe(false);
    expect(rest.body.data.map((c: { name: string }) => c.name)).toEqual(['b', 'a']);
    const paused = await api.call('GET', '/v1/campaigns?status=paused', { token: other.token });
    expect(paused.body.data.map((c: { name: string }) => c.name)).toEqual(['p']);
    const dflt = await api.call('GET', '/v1/campaigns?limit=', { token: other.token });
    expect(dflt.body.limit).toBe(50);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'status=gone']) {
      const res = await api.call('GET', `/v1/campaigns?${q}`, { token: other.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
  });

  it('never shows another workspace its campaigns', async () => {
    const mine = await create({ name: 'Private' });
    const stranger = await api.workspace(['*']);
    const get = await api.call('GET', `/v1/campaigns/${mine.body.data.id}`, { token: stranger.token });
    expect(get.status).toBe(404);
    expect(get.body.error).toBe('link_not_found');
    const patch = await api.call('PATCH', `/v1/campaigns/${mine.body.data.id}`, { token: stranger.token, body: { name: 'pwned' } });
    expect(patch.body.error).toBe('link_not_found');
    const status = await api.call('POST', `/v1/campaigns/${mine.body.data.id}/status`, { token: stranger.token, body: { status: 'archived' } });
    expect(status.body.error).toBe('link_not_found');
    const list = await api.call('GET', '/v1/campaigns', { token: stranger.token });
    expect(list.body.data).toEqual([]);
    const still = await api.call('GET', `/v1/campaigns/${mine.body.data.id}`, { token: ws.token });
    expect(still.body.data).toMatchObject({ name: 'Private', status: 'active' });
  });
});
