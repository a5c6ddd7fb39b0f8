import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliateKey } from '../../domain/keys/affiliate-keys';
import { systemActor } from '../../domain/context';
import { revokeWorkspaceKey } from '../../domain/keys/workspace-keys';
import { affiliates, campaigns } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../testing/api';
import { defaultGroupId } from '@/server/domain/groups/default-group';

// Every row of docs/errors.md that the foundation answers, over real HTTP.
let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['*']);
});
afterAll(() => api.close());

const json = { 'Content-Type': 'application/json' };

describe('framing errors', () => {
  it('400 invalid_json for a body that is not JSON', async () => {
    const res = await api.call('POST', '/v1/campaigns', { token: ws.token, rawBody: '{"name": ', headers: json });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('400 invalid_request for JSON that is not an object', async () => {
    const res = await api.call('POST', '/v1/campaigns', { token: ws.token, rawBody: '["x"]', headers: json });
    expect(res.body.error).toBe('invalid_request');
  });

  it('413 payload_too_large over 64 KiB, and nothing is stored', async () => {
    const res = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    expect(await api.db.select().from(campaigns).where(eq(campaigns.workspaceId, ws.id))).toHaveLength(0);
  });

  it('415 unsupported_media_type for a non-JSON content type', async () => {
    const res = await api.call('POST', '/v1/campaigns', { token: ws.token, rawBody: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('404 unknown_resource for an unknown path, 405 with Allow for a wrong method', async () => {
    const unknown = await api.call('GET', '/v1/nothing-here', { token: ws.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('unknown_resource');
    const wrong = await api.call('DELETE', '/v1/campaigns', { token: ws.token });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error).toBe('method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET, POST');
  });
});

describe('path parameters', () => {
  it('are URL-decoded; undecodable ones name no record', async () => {
    const { body } = await api.call('POST', '/v1/products', { token: ws.token, body: { provider_product_id: 'prod a/b', name: 'Spaced' } });
    const got = await api.call('GET', `/v1/products/${encodeURIComponent('prod a/b')}`, { token: ws.token });
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(body.data.id);
    const broken = await api.call('GET', '/v1/campaigns/%E0%A4%A', { token: ws.token });
    expect(broken.status).toBe(404);
    expect(broken.body.error).toBe('link_not_found');
  });
});

describe('authentication and scopes', () => {
  it.each([
    ['no header', undefined],
    ['malformed token', 'not-a-token'],
    ['well-formed unknown token', `sa_live_${'A'.repeat(40)}`],
    ['wrong length', `sa_live_${'A'.repeat(39)}`],
  ])('401 unauthorized with WWW-Authenticate: %s', async (_label, token) => {
    const res = await api.call('GET', '/v1/campaigns', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized', detail: expect.any(String) });
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('401 for a revoked key', async () => {
    const other = await api.workspace(['read']);
    expect((await api.call('GET', '/v1/campaigns', { token: other.token })).status).toBe(200);
    const { listWorkspaceKeys } = await import('../../domain/keys/workspace-keys');
    const [key] = await listWorkspaceKeys(api.db, other.id);
    await revokeWorkspaceKey({ db: api.db, actor: systemActor('test') }, key.id);
    expect((await api.call('GET', '/v1/campaigns', { token: other.token })).status).toBe(401);
  });

  it('403 insufficient_scope names the missing scope', async () => {
    const readOnly = await ws.keyFor(['read']);
    const write = await api.call('POST', '/v1/campaigns', { token: readOnly, body: { name: 'x' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const trackOnly = await ws.keyFor(['track']);
    const read = await api.call('GET', '/v1/campaigns', { token: trackOnly });
    expect(read.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    const noScopes = await ws.keyFor([]);
    expect((await api.call('GET', '/v1/campaigns', { token: noScopes })).status).toBe(200);
    expect((await api.call('POST', '/v1/campaigns', { token: noScopes, body: { name: 'x' } })).body.need).toBe('write');
  });

  it('403 need workspace_key for an affiliate key on a workspace route', async () => {
    const [campaign] = await api.db.insert(campaigns).values({ workspaceId: ws.id, name: 'c' }).returning();
    const [aff] = await api.db.insert(affiliates).values({ workspaceId: ws.id, groupId: defaultGroupId(ws.id), campaignId: campaign.id, refCode: 'fam', status: 'active' }).returning();
    const { token } = await createAffiliateKey({ ctx: { db: api.db, workspaceId: ws.id, actor: systemActor('test') }, affiliateId: aff.id });
    const res = await api.call('GET', '/v1/campaigns', { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
  });
});

describe('request ids and the document', () => {
  it('echoes X-Request-Id, or generates one', async () => {
    const echoed = await api.call('GET', '/v1/campaigns', { token: ws.token, headers: { 'X-Request-Id': 'req-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('req-123');
    const generated = await api.call('GET', '/v1/campaigns', { token: ws.token });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document without auth, with the contract error schema and 201s', async () => {
    const res = await api.call('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const create = res.body.paths['/campaigns'].post;
    expect(Object.keys(create.responses)).toContain('201');
    expect(create.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(res.body.components.schemas.Error.properties).toHaveProperty('need');
    // each operation documents its own error codes (the generator shares response objects)
    expect(create.responses['400'].description).toContain('name_required');
    expect(res.body.paths['/campaigns/{id}'].get.responses['400'].description).toBe('invalid_request');
    expect(res.body.paths['/campaigns/{id}/status'].post.responses['400'].description).toContain('status_required');
  });
});
