import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => api.close());

describe('rate limit (RATE_LIMIT_PER_MINUTE=5 here)', () => {
  it('counts down in RateLimit-* headers, then answers 429 with Retry-After, per key', async () => {
    const ws = await api.workspace(['read']);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.call('GET', '/v1/campaigns', { token: ws.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('5');
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await api.call('GET', '/v1/campaigns', { token: ws.token });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherKey = await ws.keyFor(['read']);
    expect((await api.call('GET', '/v1/campaigns', { token: otherKey })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, 409 for another body', async () => {
    const ws = await api.workspace(['*']);
    const headers = { 'Idempotency-Key': 'create-1' };
    const first = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Once' }, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Once' }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Twice' }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('idempotency_conflict');
    expect(await api.db.select().from(campaigns).where(eq(campaigns.workspaceId, ws.id))).toHaveLength(1);
  });

  it('executes once when requests with one key race', async () => {
    const ws = await api.workspace(['*']);
    const fresh = await ws.keyFor(['*']);
    const headers = { 'Idempotency-Key': 'race-1' };
    // The rate limit of this file is 5 per key: spread the racers over keys of one workspace.
    const tokens = [ws.token, fresh, await ws.keyFor(['*']), await ws.keyFor(['*'])];
    const results = await Promise.all(
      tokens.map((token) => api.call('POST', '/v1/campaigns', { token, body: { name: 'Raced' }, headers })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await api.db.select().from(campaigns).where(eq(campaigns.workspaceId, ws.id))).toHaveLength(1);
  });

  it('does not store failures: a corrected retry with the same key executes', async () => {
    const ws = await api.workspace(['*']);
    const headers = { 'Idempotency-Key': 'fix-and-retry' };
    const bad = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: '' }, headers });
    expect(bad.status).toBe(400);
    const retry = await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: '' }, headers });
    expect(retry.status).toBe(400);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys are scoped to the workspace', async () => {
    const a = await api.workspace(['*']);
    const b = await api.workspace(['*']);
    const headers = { 'Idempotency-Key': 'shared-name' };
    const ra = await api.call('POST', '/v1/campaigns', { token: a.token, body: { name: 'A' }, headers });
    const rb = await api.call('POST', '/v1/campaigns', { token: b.token, body: { name: 'B' }, headers });
    expect(rb.status).toBe(201);
    expect(rb.body.data.id).not.toBe(ra.body.data.id);
  });
});

describe('unexpected failures', () => {
  it('500 internal_error carries only the request id, never internals', async () => {
    const broken = await startTestApi();
    const ws = await broken.workspace(['*']);
    await broken.database.close(); // the database goes away under a running server
    const res = await broken.call('GET', '/v1/campaigns', { token: ws.token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'internal_error', detail: res.headers.get('x-request-id') });
    await new Promise((r) => setTimeout(r, 10));
  });
});
