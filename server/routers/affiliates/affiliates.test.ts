import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, emailOutbox, webhookEvents, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let campaignId: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  // The oldest *active* campaign is the default: the paused one is older but not eligible.
  await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Old paused', status: 'paused' } });
  campaignId = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main' } })).body.data.id;
  await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Newer' } });
});
afterAll(() => api.close());

const create = (body: unknown, token = ws.token) => api.call('POST', '/v1/affiliates', { token, body });
const count = async (workspaceId = ws.id) => (await api.db.select().from(affiliates).where(eq(affiliates.workspaceId, workspaceId))).length;
const events = (type: string, id: string) =>
  api.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.type, type), eq(webhookEvents.workspaceId, ws.id)))
    .then((rows) => rows.filter((r) => (r.payload as { data: { id: string } }).data.id === id));

describe('POST /v1/affiliates', () => {
  it('creates a pending affiliate in the default campaign, emits affiliate.created, sends nothing', async () => {
    const res = await create({ email: ' Dana@Example.com ', name: 'Dana Scully', payout_email: 'pay@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('affiliate');
    expect(res.body.data).toMatchObject({
      email: 'Dana@Example.com',
      name: 'Dana Scully',
      ref_code: 'dana-scully',
      status: 'pending',
      campaign_id: campaignId,
      payout_email: 'pay@example.com',
      approved_at: null,
    });
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await events('affiliate.created', res.body.data.id)).toHaveLength(1);
    const mail = await api.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, ws.id));
    expect(mail).toEqual([]);
  });

  it('takes a name alone, or an explicit status that stamps approved_at', async () => {
    const named = await create({ name: 'Fox Mulder' });
    expect(named.status).toBe(201);
    expect(named.body.data).toMatchObject({ email: null, ref_code: 'fox-mulder' });
    const active = await create({ email: 'walter@example.com', status: 'active', ref_code: 'SKINNER' });
    expect(active.body.data).toMatchObject({ status: 'active', ref_code: 'skinner' });
    expect(Date.parse(active.body.data.approved_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('mints code-2, code-3 for a taken ref code', async () => {
    const a = await create({ email: 'c1@example.com', ref_code: 'shared' });
    const b = await create({ email: 'c2@example.com', ref_code: 'shared' });
    const c = await create({ name: 'Shared' });
    expect([a.body.data.ref_code, b.body.data.ref_code, c.body.data.ref_code]).toEqual(['shared', 'shared-2', 'shared-3']);
  });

  it('starts active when the workspace auto-approves affiliates', async () => {
    const auto = await api.workspace(['*']);
    await api.db.update(workspaceSettings).set({ autoApproveAffiliates: true }).where(eq(workspaceSettings.workspaceId, auto.id));
    const res = await create({ name: 'Auto' }, auto.token);
    expect(res.body.data.status).toBe('active');
    expect(res.body.data.approved_at).not.toBeNull();
    expect(res.body.data.campaign_id).toBeNull();
  });

  it.each([
    [{}, 400, 'email_required'],
    [{ payout_email: 'p@example.com' }, 400, 'email_required'],
    [{ email: 'not-an-email' }, 400, 'invalid_request'],
    [{ name: '' }, 400, 'invalid_request'],
    [{ name: 'x', ref_code: 'ab' }, 400, 'invalid_request'],
    [{ name: 'x', ref_code: 'has space' }, 400, 'invalid_request'],
    [{ name: 'x', status: 'banned' }, 400, 'invalid_request'],
    [{ name: 'x', color: 'blue' }, 400, 'invalid_request'],
    [{ name: 'x', campaign_id: '0190a0b0-0000-7000-8000-000000000000' }, 404, 'unknown_resource'],
    [{ name: 'x', campaign_id: 'nope' }, 404, 'unknown_resource'],
    [{ email: 'DANA@example.com' }, 400, 'invalid_request'],
  ])('rejects %j with %s %s and stores nothing', async (body, status, error) => {
    const before = await count();
    const res = await create(body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await count()).toBe(before);
  });

  it('refuses a campaign of another workspace as unknown_resource', async () => {
    const other = await api.workspace(['*']);
    const theirs = await api.call('POST', '/v1/campaigns', { token: other.token, body: { name: 'Theirs' } });
    const res = await create({ name: 'x', campaign_id: theirs.body.data.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('unknown_resource');
  });

  it('answers invalid_json for a broken body', async () => {
    const before = await count();
    const res = await api.call('POST', '/v1/affiliates', { token: ws.token, rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
    expect(await count()).toBe(before);
  });
});

describe('GET /v1/affiliates', () => {
  it('filters by status, campaign and e-mail (any case) and paginates', async () => {
    const list = await api.workspace(['read', 'write']);
    const c1 = (await api.call('POST', '/v1/campaigns', { token: list.token, body: { name: 'One' } })).body.data.id;
    const c2 = (await api.call('POST', '/v1/campaigns', { token: list.token, body: { name: 'Two' } })).body.data.id;
    for (const [name, campaign, status] of [['a', c1, 'pending'], ['b', c2, 'active'], ['c', c1, 'active']]) {
      await create({ email: `${name}@Example.com`, name, campaign_id: campaign, status }, list.token);
    }
    const get = (q: string) => api.call('GET', `/v1/affiliates${q}`, { token: list.token });
    const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((a) => a.name);

    const page = await get('?limit=2');
    expect(page.body).toMatchObject({ object: 'list', resource: 'affiliates', limit: 2, offset: 0, has_more: true });
    expect(names(page)).toEqual(['c', 'b']);
    const rest = await get('?limit=2&offset=2');
    expect(rest.body.has_more).toBe(false);
    expect(names(rest)).toEqual(['a']);
    expect(names(await get('?status=active'))).toEqual(['c', 'b']);
    expect(names(await get(`?campaign_id=${c1}`))).toEqual(['c', 'a']);
    expect(names(await get(`?campaign_id=${c1}&status=active`))).toEqual(['c']);
    expect(names(await get('?email=B@EXAMPLE.COM'))).toEqual(['b']);
    expect(names(await get('?email=b@example'))).toEqual([]);
    expect((await get('?limit=')).body.limit).toBe(50);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'status=gone']) {
      const res = await get(`?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
    // A campaign that is not one of this workspace's, as on every list filter.
    const foreign = await get('?campaign_id=nope');
    expect([foreign.status, foreign.body.error]).toEqual([404, 'unknown_resource']);
  });
});

describe('GET and PATCH /v1/affiliates/{id}', () => {
  it('reads back, updates every field, approves once and emits affiliate.updated', async () => {
    const { body } = await create({ email: 'patch@example.com', name: 'Patchable' });
    const id = body.data.id;
    const got = await api.call('GET', `/v1/affiliates/${id}`, { token: ws.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ object: 'affiliate', data: body.data });

    const other = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Move here' } })).body.data.id;
    const patched = await api.call('PATCH', `/v1/affiliates/${id}`, {
      token: ws.token,
      body: { name: 'Renamed', payout_email: 'p@example.com', campaign_id: other, status: 'active' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Renamed', payout_email: 'p@example.com', campaign_id: other, status: 'active' });
    const approvedAt = patched.body.data.approved_at;
    expect(approvedAt).not.toBeNull();
    expect(await events('affiliate.updated', id)).toHaveLength(1);

    // Staying active is not a new approval; leaving and coming back is.
    const again = await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status: 'active', payout_email: null } });
    expect(again.body.data).toMatchObject({ approved_at: approvedAt, payout_email: null });
    await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status: 'suspended' } });
    const back = await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status: 'active' } });
    expect(back.body.data.approved_at > approvedAt).toBe(true);
  });

  it('rejects bad patches and changes nothing', async () => {
    const { body } = await create({ email: 'steady@example.com', name: 'Steady' });
    const id = body.data.id;
    const foreign = await api.workspace(['*']);
    const theirCampaign = (await api.call('POST', '/v1/campaigns', { token: foreign.token, body: { name: 'X' } })).body.data.id;
    for (const [patch, status, error] of [
      [{ campaign_id: theirCampaign }, 404, 'unknown_resource'],
      [{ campaign_id: 'nope' }, 404, 'unknown_resource'],
      [{ status: 'deleted' }, 400, 'invalid_request'],
      // e-mail and ref code are editable (affiliate-edit.test.ts), but only well-formed ones
      [{ email: 'not-an-address' }, 400, 'invalid_request'],
      [{ ref_code: 'no' }, 400, 'invalid_request'],
      [{ tenant_id: 'x' }, 400, 'invalid_request'],
      [{ payout_email: 'nope' }, 400, 'invalid_request'],
      [{ name: '' }, 400, 'invalid_request'],
    ] as const) {
      const res = await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { name: 'Changed', ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(status);
      expect(res.body.error, JSON.stringify(patch)).toBe(error);
    }
    const after = await api.call('GET', `/v1/affiliates/${id}`, { token: ws.token });
    expect(after.body.data).toEqual(body.data);
    expect(await events('affiliate.updated', id)).toHaveLength(0);
  });

  it('answers link_not_found for unknown and malformed ids', async () => {
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const get = await api.call('GET', `/v1/affiliates/${id}`, { token: ws.token });
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('link_not_found');
      const patch = await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { name: 'n' } });
      expect(patch.status).toBe(404);
      expect(patch.body.error).toBe('link_not_found');
    }
  });
});

describe('scopes and tenants', () => {
  it('needs write to change, read to list, and a token at all', async () => {
    const { body } = await create({ email: 'scoped@example.com' });
    const readOnly = await ws.keyFor(['read']);
    const trackOnly = await ws.keyFor(['track']);
    const before = await count();
    for (const [method, path, payload] of [
      ['POST', '/v1/affiliates', { name: 'no' }],
      ['POST', '/v1/affiliates/invite', { email: 'no@example.com' }],
      ['PATCH', `/v1/affiliates/${body.data.id}`, { name: 'no' }],
    ] as const) {
      const res = await api.call(method, path, { token: readOnly, body: payload });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    for (const path of ['/v1/affiliates', `/v1/affiliates/${body.data.id}`]) {
      const res = await api.call('GET', path, { token: trackOnly });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
      const anon = await api.call('GET', path);
      expect(anon.status).toBe(401);
      expect(anon.body.error).toBe('unauthorized');
    }
    expect(await count()).toBe(before);
    const got = await api.call('GET', `/v1/affiliates/${body.data.id}`, { token: readOnly });
    expect(got.status).toBe(200);
  });

  it('never shows another workspace its affiliates', async () => {
    const { body } = await create({ email: 'private@example.com', name: 'Private' });
    const stranger = await api.workspace(['*']);
    const get = await api.call('GET', `/v1/affiliates/${body.data.id}`, { token: stranger.token });
    expect(get.status).toBe(404);
    expect(get.body.error).toBe('link_not_found');
    const patch = await api.call('PATCH', `/v1/affiliates/${body.data.id}`, { token: stranger.token, body: { status: 'rejected' } });
    expect(patch.status).toBe(404);
    expect(patch.body.error).toBe('link_not_found');
    const list = await api.call('GET', '/v1/affiliates?email=private@example.com', { token: stranger.token });
    expect(list.body.data).toEqual([]);
    // The same e-mail and ref code are free in another workspace.
    const theirs = await create({ email: 'private@example.com', name: 'Private' }, stranger.token);
    expect(theirs.body.data.ref_code).toBe('private');
    const still = await api.call('GET', `/v1/affiliates/${body.data.id}`, { token: ws.token });
    expect(still.body.data).toEqual(body.data);
  });
});
