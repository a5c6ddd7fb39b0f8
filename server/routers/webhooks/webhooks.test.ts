import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

// Endpoint management. Receivers on 127.0.0.1 need WEBHOOK_ALLOW_PRIVATE_URLS=true; the
// refusals of private targets are in url-safety.test.ts, with the flag unset.
let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  ws = await api.workspace(['read', 'write']);
});
afterAll(() => api.close());

const URL_A = 'https://hooks.example.com/refcount';
const create = (body: unknown, token = ws.token) => api.call('POST', '/v1/webhooks', { token, body });
const count = async (token = ws.token) => (await api.call('GET', '/v1/webhooks?limit=200', { token })).body.data.length;

describe('POST /v1/webhooks', () => {
  it('creates an endpoint and shows its secret once', async () => {
    const res = await create({ url: URL_A, events: ['campaign.created', 'affiliate.created'], description: '  CRM sync  ' });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('webhook_endpoint');
    expect(res.body.data).toMatchObject({
      url: URL_A,
      events: ['campaign.created', 'affiliate.created'],
      active: true,
      description: 'CRM sync',
      disabled_reason: null,
      failing_since: null,
    });
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await api.call('GET', `/v1/webhooks/${res.body.data.id}`, { token: ws.token });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    expect(got.body.data).toEqual({ ...res.body.data, secret: undefined });
    const listed = await api.call('GET', '/v1/webhooks', { token: ws.token });
    expect(listed.body.data.find((e: { id: string }) => e.id === res.body.data.id)).not.toHaveProperty('secret');
  });

  it('takes `*`, active false and http targets in development; drops repeated names', async () => {
    const res = await create({ url: 'http://127.0.0.1:9/hook', events: ['*', '*'], active: false });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ events: ['*'], active: false, description: null });
  });

  it.each([
    [{ events: ['*'] }, 'url_required'],
    [{ url: URL_A }, 'events_required'],
    [{ url: URL_A, events: ['campaign.deleted'] }, 'invalid_request'],
    [{ url: URL_A, events: [] }, 'invalid_request'],
    [{ url: URL_A, events: 'campaign.created' }, 'invalid_request'],
    [{ url: 'not a url', events: ['*'] }, 'invalid_request'],
    [{ url: 'ftp://example.com/x', events: ['*'] }, 'invalid_request'],
    [{ url: URL_A, events: ['*'], active: 'yes' }, 'invalid_request'],
    [{ url: URL_A, events: ['*'], description: 'x'.repeat(1001) }, 'invalid_request'],
    [{ url: URL_A, events: ['*'], secret: 'whsec_mine' }, 'invalid_request'],
  ])('rejects %j with %s and stores nothing', async (body, error) => {
    const before = await count();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await count()).toBe(before);
  });

  it('names the unknown event and the unknown field', async () => {
    const bad = await create({ url: URL_A, events: ['campaign.created', 'nope'] });
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.detail).toMatch(/^events\.1: /);
    const extra = await create({ url: URL_A, events: ['*'], secret: 'x' });
    expect(extra.body).toEqual({ error: 'invalid_request', detail: 'unknown field: secret' });
  });

  it('answers invalid_json for a broken body', async () => {
    const before = await count();
    const res = await api.call('POST', '/v1/webhooks', { token: ws.token, rawBody: '{"url":', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
    expect(await count()).toBe(before);
  });
});

describe('GET, PATCH and DELETE /v1/webhooks/{id}', () => {
  it('updates every field and turns a disabled endpoint back on with a clean record', async () => {
    const { body } = await create({ url: URL_A, events: ['campaign.created'], description: 'old' });
    const id = body.data.id;
    await api.db
      .update(webhookEndpoints)
      .set({ active: false, disabledReason: 'the endpoint answered 410 Gone', failingSince: new Date('2026-01-01T00:00:00Z') })
      .where(eq(webhookEndpoints.id, id));
    const disabled = await api.call('GET', `/v1/webhooks/${id}`, { token: ws.token });
    expect(disabled.body.data).toMatchObject({ active: false, disabled_reason: 'the endpoint answered 410 Gone', failing_since: '2026-01-01T00:00:00.000Z' });

    const patch = { url: 'https://other.example.com/h', events: ['*'], active: true, description: 'new' };
    const res = await api.call('PATCH', `/v1/webhooks/${id}`, { token: ws.token, body: patch });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_endpoint', data: { ...patch, disabled_reason: null, failing_since: null } });
    expect(res.body.data).not.toHaveProperty('secret');
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(body.data.updated_at));

    const cleared = await api.call('PATCH', `/v1/webhooks/${id}`, { token: ws.token, body: { description: null, active: false } });
    expect(cleared.body.data).toMatchObject({ description: null, active: false, url: patch.url });
  });

  it('refuses bad patches and changes nothing', async () => {
    const { body } = await create({ url: URL_A, events: ['campaign.created'] });
    const id = body.data.id;
    for (const [patch, error] of [
      [{ events: ['nope'] }, 'invalid_request'],
      [{ events: [] }, 'invalid_request'],
      [{ url: 'nope' }, 'invalid_request'],
      [{ active: 'false' }, 'invalid_request'],
      [{ secret: 'x' }, 'invalid_request'],
    ] as const) {
      const res = await api.call('PATCH', `/v1/webhooks/${id}`, { token: ws.token, body: patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const broken = await api.call('PATCH', `/v1/webhooks/${id}`, { token: ws.token, rawBody: '{', headers: { 'Content-Type': 'application/json' } });
    expect(broken.body.error).toBe('invalid_json');
    const same = await api.call('GET', `/v1/webhooks/${id}`, { token: ws.token });
    expect(same.body.data).toEqual({ ...body.data, secret: undefined });
  });

  it('deletes an endpoint, answering its last state', async () => {
    const { body } = await create({ url: URL_A, events: ['*'] });
    const res = await api.call('DELETE', `/v1/webhooks/${body.data.id}`, { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'webhook_endpoint', data: { ...body.data, secret: undefined }, deleted: true });
    const gone = await api.call('GET', `/v1/webhooks/${body.data.id}`, { token: ws.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('link_not_found');
    const again = await api.call('DELETE', `/v1/webhooks/${body.data.id}`, { token: ws.token });
    expect(again.body.error).toBe('link_not_found');
  });

  it('answers link_not_found for unknown and malformed ids on every operation', async () => {
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const calls = [
        api.call('GET', `/v1/webhooks/${id}`, { token: ws.token }),
        api.call('PATCH', `/v1/webhooks/${id}`, { token: ws.token, body: { active: false } }),
        api.call('DELETE', `/v1/webhooks/${id}`, { token: ws.token }),
        api.call('POST', `/v1/webhooks/${id}/rotate-secret`, { token: ws.token }),
        api.call('POST', `/v1/webhooks/${id}/test`, { token: ws.token }),
        api.call('GET', `/v1/webhooks/${id}/deliveries`, { token: ws.token }),
        api.call('POST', `/v1/webhooks/${id}/deliveries/${id}/redeliver`, { token: ws.token }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('link_not_found');
      }
    }
  });
});

describe('GET /v1/webhooks', () => {
  it('pages newest first with has_more and validates the page', async () => {
    const other = await api.workspace(['*']);
    for (const d of ['a', 'b', 'c']) await create({ url: URL_A, events: ['*'], description: d }, other.token);
    const page = await api.call('GET', '/v1/webhooks?limit=2', { token: other.token });
    expect(page.body).toMatchObject({ object: 'list', resource: 'webhooks', limit: 2, offset: 0, has_more: true });
    expect(page.body.data.map((e: { description: string }) => e.description)).toEqual(['c', 'b']);
    const rest = await api.call('GET', '/v1/webhooks?limit=2&offset=2', { token: other.token });
    expect(rest.body).toMatchObject({ has_more: false });
    expect(rest.body.data.map((e: { description: string }) => e.description)).toEqual(['a']);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=x']) {
      const res = await api.call('GET', `/v1/webhooks?${q}`, { token: other.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
  });
});

describe('scopes and tenants', () => {
  it('needs write to change and read to look', async () => {
    const { body } = await create({ url: URL_A, events: ['*'] });
    const id = body.data.id;
    const readOnly = await ws.keyFor(['read']);
    const writes = [
      api.call('POST', '/v1/webhooks', { token: readOnly, body: { url: URL_A, events: ['*'] } }),
      api.call('PATCH', `/v1/webhooks/${id}`, { token: readOnly, body: { active: false } }),
      api.call('DELETE', `/v1/webhooks/${id}`, { token: readOnly }),
      api.call('POST', `/v1/webhooks/${id}/rotate-secret`, { token: readOnly }),
      api.call('POST', `/v1/webhooks/${id}/test`, { token: readOnly }),
      api.call('POST', `/v1/webhooks/${id}/deliveries/${id}/redeliver`, { token: readOnly }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    const trackOnly = await ws.keyFor(['track']);
    for (const path of ['/v1/webhooks', `/v1/webhooks/${id}`, `/v1/webhooks/${id}/deliveries`]) {
      const res = await api.call('GET', path, { token: trackOnly });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    const anonymous = await api.call('GET', '/v1/webhooks', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
    const still = await api.call('GET', `/v1/webhooks/${id}`, { token: ws.token });
    expect(still.body.data).toMatchObject({ active: true });
  });

  it("never shows or touches another workspace's endpoints", async () => {
    const { body } = await create({ url: URL_A, events: ['*'], description: 'mine' });
    const id = body.data.id;
    const stranger = await api.workspace(['*']);
    const calls = await Promise.all([
      api.call('GET', `/v1/webhooks/${id}`, { token: stranger.token }),
      api.call('PATCH', `/v1/webhooks/${id}`, { token: stranger.token, body: { url: 'https://evil.example.com/' } }),
      api.call('DELETE', `/v1/webhooks/${id}`, { token: stranger.token }),
      api.call('POST', `/v1/webhooks/${id}/rotate-secret`, { token: stranger.token }),
      api.call('POST', `/v1/webhooks/${id}/test`, { token: stranger.token }),
      api.call('GET', `/v1/webhooks/${id}/deliveries`, { token: stranger.token }),
    ]);
    for (const res of calls) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    expect((await api.call('GET', '/v1/webhooks', { token: stranger.token })).body.data).toEqual([]);
    const [row] = await api.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ url: URL_A, description: 'mine', secret: body.data.secret, previousSecret: null });
  });
});
