import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewards } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
const create = (body: unknown, token = ws.token) => api.call('POST', '/v1/rewards', { token, body });
const patch = (id: string, body: unknown, token = ws.token) => api.call('PATCH', `/v1/rewards/${id}`, { token, body });
const read = (id: string, token = ws.token) => api.call('GET', `/v1/rewards/${id}`, { token });
const storedCount = async (workspaceId = ws.id) =>
  (await api.db.select().from(rewards).where(eq(rewards.workspaceId, workspaceId))).length;

describe('POST /v1/rewards', () => {
  it('creates with every default', async () => {
    const res = await create({ name: '  Launch  ', terms: { amount: 20 } });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('reward');
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Launch',
      type: 'cash',
      terms: { is_flat: false, amount: 20, currency: null, length_type: 'one_time', length_months: null, applies_to_interval: 'any', description: null },
      delivery: 'payout',
      delivery_target: 'customer',
      delivery_months: null,
      archived: false,
      used_by_campaigns: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const [row] = await api.db.select().from(rewards).where(eq(rewards.id, res.body.data.id));
    expect(row.amount).toBe(2000);
  });

  it('takes every field', async () => {
    const terms = { is_flat: true, amount: 2900, currency: 'eur', length_type: 'limited', length_months: 6, applies_to_interval: 'month', description: 'One month free' };
    const res = await create({ name: 'Free month', type: 'non_cash', terms });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Free month', type: 'non_cash', terms });
    const flatDefault = await create({ name: 'Five dollars', terms: { amount: 500, is_flat: true } });
    expect(flatDefault.body.data.terms.currency).toBe('usd');
  });

  it.each([
    [{}, 'name_required'],
    [{ terms: { amount: 10 } }, 'name_required'],
    [{ name: 'No terms' }, 'amount_required'],
    [{ name: 'Empty terms', terms: {} }, 'amount_required'],
    [{ name: '', terms: { amount: 10 } }, 'invalid_request'],
    [{ name: 'x', type: 'gift', terms: { amount: 10 } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 150 } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 9.999 } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10.5, is_flat: true } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10, currency: 'usd' } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10, length_type: 'limited' } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10, length_months: 2 } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10, description: 'd'.repeat(1001) } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10, colour: 'red' } }, 'invalid_request'],
    [{ name: 'x', terms: { amount: 10 }, archived: true }, 'invalid_request'],
  ])('rejects %j with %s and stores nothing', async (body, error) => {
    const before = await storedCount();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await storedCount()).toBe(before);
  });

  it('needs the write scope', async () => {
    const before = await storedCount();
    const res = await create({ name: 'x', terms: { amount: 10 } }, await ws.keyFor(['read']));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /v1/rewards', () => {
  it('pages newest first and hides archived rewards unless asked', async () => {
    const lib = await api.workspace(['*']);
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await create({ name, terms: { amount: 5 } }, lib.token)).body.data.id);
    await patch(ids[1], { archived: true }, lib.token);
    const list = (q = '') => api.call('GET', `/v1/rewards${q}`, { token: lib.token });

    const dflt = await list();
    expect(dflt.body).toMatchObject({ object: 'list', resource: 'rewards', limit: 50, offset: 0, has_more: false });
    expect(dflt.body.data.map((r: { name: string }) => r.name)).toEqual(['c', 'a']);
    expect((await list('?include_archived=false')).body.data).toHaveLength(2);
    const all = await list('?include_archived=true');
    expect(all.body.data.map((r: { name: string; archived: boolean }) => [r.name, r.archived])).toEqual([
      ['c', false],
      ['b', true],
      ['a', false],
    ]);
    const page = await list('?include_archived=true&limit=2');
    expect(page.body).toMatchObject({ limit: 2, has_more: true });
    const rest = await list('?include_archived=true&limit=2&offset=2');
    expect(rest.body).toMatchObject({ offset: 2, has_more: false });
    expect(rest.body.data.map((r: { name: string }) => r.name)).toEqual(['a']);
    expect((await list('?limit=200')).status).toBe(200);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=x', 'include_archived=maybe']) {
      const res = await list(`?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
  });

  it('shows no other workspace its rewards and needs read access', async () => {
    await create({ name: 'Mine', terms: { amount: 5 } });
    const stranger = await api.workspace(['*']);
    expect((await api.call('GET', '/v1/rewards', { token: stranger.token })).body.data).toEqual([]);
    const trackOnly = await api.call('GET', '/v1/rewards', { token: await ws.keyFor(['track']) });
    expect(trackOnly.status).toBe(403);
    expect(trackOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', '/v1/rewards')).status).toBe(401);
  });
});

describe('GET /v1/rewards/{id}', () => {
  it('reads archived rewards and answers link_not_found for missing and foreign ones', async () => {
    const made = (await create({ name: 'Read me', terms: { amount: 5 } })).body.data;
    await patch(made.id, { archived: true });
    expect((await read(made.id)).body.data).toMatchObject({ id: made.id, archived: true });
    const stranger = await api.workspace(['*']);
    for (const [id, token] of [[MISSING, ws.token], ['not-a-uuid', ws.token], [made.id, stranger.token]]) {
      const res = await read(id, token);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
  });
});

describe('PATCH /v1/rewards/{id}', () => {
  it('merges terms, switches flat and percent, and drops terms that no longer apply', async () => {
    const id = (await create({ name: 'Evolving', terms: { amount: 20, length_type: 'limited', length_months: 12, applies_to_interval: 'month' } })).body.data.id;
    const amount = await patch(id, { name: 'Evolved', terms: { amount: 25.25 } });
    expect(amount.status).toBe(200);
    expect(amount.body.data).toMatchObject({ name: 'Evolved', terms: { amount: 25.25, length_type: 'limited', length_months: 12, applies_to_interval: 'month' } });

    const unflat = await patch(id, { terms: { is_flat: true } });
    expect(unflat.status).toBe(400);
    expect(unflat.body.error).toBe('amount_required');
    const flat = await patch(id, { terms: { is_flat: true, amount: 1500 } });
    expect(flat.body.data.terms).toMatchObject({ is_flat: true, amount: 1500, currency: 'usd' });
    const euro = await patch(id, { terms: { currency: 'eur', description: 'fifteen euro' } });
    expect(euro.body.data.terms).toMatchObject({ amount: 1500, currency: 'eur', description: 'fifteen euro' });
    const percent = await patch(id, { type: 'non_cash', terms: { is_flat: false, amount: 10 } });
    expect(percent.body.data).toMatchObject({ type: 'non_cash', terms: { is_flat: false, amount: 10, currency: null } });
    const lifetime = await patch(id, { terms: { length_type: 'lifetime', description: null } });
    expect(lifetime.body.data.terms).toMatchObject({ length_type: 'lifetime', length_months: null, description: null });
  });

  it('archives and restores', async () => {
    const id = (await create({ name: 'Seasonal', terms: { amount: 5 } })).body.data.id;
    expect((await patch(id, { archived: true })).body.data.archived).toBe(true);
    const listed = await api.call('GET', '/v1/rewards?limit=200', { token: ws.token });
    expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await patch(id, { archived: false })).body.data.archived).toBe(false);
    const back = await api.call('GET', '/v1/rewards?limit=200', { token: ws.token });
    expect(back.body.data.map((r: { id: string }) => r.id)).toContain(id);
  });

  it.each([
    [{ terms: { amount: 0 } }, 'invalid_request'],
    [{ terms: { length_type: 'limited' } }, 'invalid_request'],
    [{ terms: { length_months: 3 } }, 'invalid_request'],
    [{ terms: { currency: 'usd' } }, 'invalid_request'],
    [{ terms: { is_flat: true } }, 'amount_required'],
    [{ name: '' }, 'invalid_request'],
    [{ archived: 'yes' }, 'invalid_request'],
    [{ used_by_campaigns: [] }, 'invalid_request'],
  ])('rejects %j with %s and changes nothing', async (body, error) => {
    const id = (await create({ name: 'Stable', terms: { amount: 5 } })).body.data.id;
    const before = await read(id);
    const res = await patch(id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await read(id)).body).toEqual(before.body);
  });

  it('answers link_not_found for missing and foreign rewards, 403 without write', async () => {
    const id = (await create({ name: 'Guarded', terms: { amount: 5 } })).body.data.id;
    const stranger = await api.workspace(['*']);
    for (const [target, token] of [[MISSING, ws.token], ['nope', ws.token], [id, stranger.token]]) {
      const res = await patch(target, { name: 'pwned' }, token);
      expect(res.status, target).toBe(404);
      expect(res.body.error, target).toBe('link_not_found');
    }
    const readOnly = await patch(id, { name: 'pwned' }, await ws.keyFor(['read']));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await read(id)).body.data.name).toBe('Guarded');
  });

  it('merges concurrent changes of different fields', async () => {
    const id = (await create({ name: 'Contended', terms: { amount: 5 } })).body.data.id;
    const results = await Promise.all([
      patch(id, { terms: { amount: 40 } }),
      patch(id, { terms: { length_type: 'lifetime' } }),
      patch(id, { terms: { applies_to_interval: 'year' } }),
      patch(id, { name: 'Settled' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await read(id)).body.data).toMatchObject({
      name: 'Settled',
      terms: { amount: 40, length_type: 'lifetime', applies_to_interval: 'year' },
    });
  });
});

describe('used_by_campaigns', () => {
  it('lists each using campaign once, by its current name, and leaves copied rules alone', async () => {
    const reward = (await create({ name: 'Shared', terms: { amount: 15 } })).body.data;
    const campaign = async (name: string) => (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name } })).body.data.id;
    const first = await campaign('First');
    const second = await campaign('Second');
    const rule = (id: string, extra = {}) =>
      api.call('PUT', `/v1/campaigns/${id}/commission-rule`, { token: ws.token, body: { library_reward_id: reward.id, ...extra } });
    await rule(first);
    await rule(first, { kind: 'product', product_ids: ['prod_1'] });
    await rule(second, { kind: 'interval', applies_to_interval: 'month' });
    expect((await read(reward.id)).body.data.used_by_campaigns).toEqual([
      { id: first, name: 'First' },
      { id: second, name: 'Second' },
    ]);
    await api.call('PATCH', `/v1/campaigns/${second}`, { token: ws.token, body: { name: 'Second, renamed' } });
    const listed = await api.call('GET', '/v1/rewards?limit=200', { token: ws.token });
    expect(listed.body.data.find((r: { id: string }) => r.id === reward.id).used_by_campaigns).toEqual([
      { id: first, name: 'First' },
      { id: second, name: 'Second, renamed' },
    ]);

    await patch(reward.id, { terms: { amount: 99 } });
    const rules = await api.call('GET', `/v1/campaigns/${first}/commission-rule`, { token: ws.token });
    expect(rules.body.data).toMatchObject({ amount: 15, reward_id: reward.id });
    expect(await api.db.select().from(rewards).where(and(eq(rewards.id, reward.id), eq(rewards.amount, 9900)))).toHaveLength(1);
  });
});
