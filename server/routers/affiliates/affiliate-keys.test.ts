import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateKeys } from '@/db/schema';
import { hashToken } from '../../auth/tokens';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let affiliateId: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  affiliateId = (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'keys@example.com' } })).body.data.id;
});
afterAll(() => api.close());

const mint = (id: string, body: unknown = {}, token = ws.token) => api.call('POST', `/v1/affiliates/${id}/keys`, { token, body });
const revoke = (id: string, keyId: string, token = ws.token) => api.call('DELETE', `/v1/affiliates/${id}/keys/${keyId}`, { token });
const keyCount = async () => (await api.db.select().from(affiliateKeys).where(eq(affiliateKeys.workspaceId, ws.id))).length;

describe('POST /v1/affiliates/{id}/keys', () => {
  it('mints a refa_live_ key, shows the token once and stores only its hash', async () => {
    const res = await mint(affiliateId, { name: 'Zapier' });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('affiliate_key');
    const { data } = res.body;
    expect(Object.keys(data).sort()).toEqual(['affiliate_id', 'created_at', 'id', 'name', 'start', 'token']);
    expect(data).toMatchObject({ affiliate_id: affiliateId, name: 'Zapier' });
    expect(data.token).toMatch(/^refa_live_[0-9A-Za-z]{40}$/);
    expect(data.token.startsWith(data.start)).toBe(true);
    const [row] = await api.db.select().from(affiliateKeys).where(eq(affiliateKeys.id, data.id));
    expect(row.hash).toBe(hashToken(data.token));
    expect(JSON.stringify(row)).not.toContain(data.token);

    const unnamed = await mint(affiliateId);
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.data.name).toBeNull();
  });

  it('answers link_not_found for unknown, malformed and foreign affiliates, and stores nothing', async () => {
    const stranger = await api.workspace(['*']);
    const before = await keyCount();
    for (const [id, token] of [
      ['0190a0b0-0000-7000-8000-000000000000', ws.token],
      ['nope', ws.token],
      [affiliateId, stranger.token],
    ]) {
      const res = await mint(id, {}, token);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
    expect(await keyCount()).toBe(before);
  });

  it('rejects bad bodies and read-only keys', async () => {
    const before = await keyCount();
    const unknown = await mint(affiliateId, { name: 'x', scopes: ['*'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'invalid_request', detail: 'unknown field: scopes' });
    const empty = await mint(affiliateId, { name: '' });
    expect(empty.body.error).toBe('invalid_request');
    const readOnly = await mint(affiliateId, {}, await ws.keyFor(['read']));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const anon = await api.call('POST', `/v1/affiliates/${affiliateId}/keys`, { body: {} });
    expect(anon.status).toBe(401);
    expect(await keyCount()).toBe(before);
  });

  it('an affiliate key is refused on the workspace routes', async () => {
    const { body } = await mint(affiliateId);
    const res = await api.call('GET', '/v1/affiliates', { token: body.data.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
  });
});

describe('DELETE /v1/affiliates/{id}/keys/{key_id}', () => {
  it('revokes once and the token stops authenticating', async () => {
    const { body } = await mint(affiliateId, { name: 'Old' });
    const keyId = body.data.id;
    const res = await revoke(affiliateId, keyId);
    expect(res.status).toBe(200);
    const { token: _token, ...withoutToken } = body.data;
    expect(res.body).toEqual({ object: 'affiliate_key', data: withoutToken, deleted: true });
    const [row] = await api.db.select().from(affiliateKeys).where(eq(affiliateKeys.id, keyId));
    expect(row.revokedAt).toBeInstanceOf(Date);
    // Any /v1 route authenticates first: a revoked token is unauthorized, not merely out of scope.
    const after = await api.call('GET', '/v1/affiliates', { token: body.data.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('unauthorized');
    const again = await revoke(affiliateId, keyId);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('link_not_found');
  });

  it("answers link_not_found for another affiliate's, another workspace's or a malformed key, and revokes nothing", async () => {
    const { body } = await mint(affiliateId);
    const keyId = body.data.id;
    const other = (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'other@example.com' } })).body.data.id;
    const stranger = await api.workspace(['*']);
    for (const [aff, key, token] of [
      [other, keyId, ws.token],
      [affiliateId, keyId, stranger.token],
      [affiliateId, 'nope', ws.token],
      ['nope', keyId, ws.token],
      [affiliateId, '0190a0b0-0000-7000-8000-000000000000', ws.token],
    ]) {
      const res = await revoke(aff, key, token);
      expect(res.status, `${aff} ${key}`).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    const readOnly = await revoke(affiliateId, keyId, await ws.keyFor(['read']));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const [row] = await api.db.select().from(affiliateKeys).where(eq(affiliateKeys.id, keyId));
    expect(row.revokedAt).toBeNull();
  });
});
