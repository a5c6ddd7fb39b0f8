import { request } from 'node:http';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, spend } from '../lib/rate-limit';
import { startTestApi, type TestApi } from '../testing/api';
import { limiterFromAnotherCopy, startAppServer } from '../testing/app-server';
import { isV1 } from './listener';
import { createFetchV1Handler } from './v1/handler';

// /v1 reached by a path with dot segments, and the rate limit behind it: the lean entry must
// resolve the path as Next would, and Next's own /v1 mount, whose code is bundled with its own
// copy of rate-limiter-flexible, must still tell a spent budget (429) from a crash (500).
let api: TestApi;
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  api = await startTestApi();
  app = await startAppServer(api);
});
afterAll(async () => {
  await app.close();
  await api.close();
});

/** Sends `path` byte for byte (fetch would resolve the dot segments before sending). */
const raw = (path: string, token: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(app.url);
    const req = request({ hostname, port, path, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('dot segments and /v1', () => {
  it('a target under /v1 once its dot segments are resolved is /v1', () => {
    for (const url of ['/v1', '/v1/settings', '/v1?x=1', '/x/../v1/settings', '/x/%2e%2e/v1/settings', '/./v1/settings', '/x/..\\v1/settings', '/a/b/../../v1']) expect(isV1(url), url).toBe(true);
    for (const url of ['/', '/v10', '/api/trpc/x', '/x/../v1x', '/docs/v1', '/r/v1', '/x/..']) expect(isV1(url), url).toBe(false);
  });

  it('/x/../v1/settings is answered by /v1, and over the key budget it is 429 with Retry-After', async () => {
    api.services.limiter = limiterFromAnotherCopy(2);
    const ws = await api.workspace(['*']);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await raw('/x/../v1/settings', ws.token));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(JSON.parse(answers[2].body).error).toBe('rate_limited');
    expect(Number(answers[2].headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("Next's /v1 mount answers a budget its own copy of the library did not create with 429, not 500", async () => {
    api.services.limiter = limiterFromAnotherCopy(1);
    const ws = await api.workspace(['*']);
    const mounted = createFetchV1Handler(api.services);
    const get = () => mounted(new Request('http://localhost/x/../v1/settings', { headers: { Authorization: `Bearer ${ws.token}` } }));
    expect((await get()).status).toBe(200);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('spend', () => {
  it('reads a refusal by its shape: a limiter from another copy of the library is refused, not thrown', async () => {
    const other = limiterFromAnotherCopy(1);
    const refusal = await other.limiter.consume('k').then(() => other.limiter.consume('k')).catch((r: unknown) => r);
    expect(refusal instanceof RateLimiterRes).toBe(false); // the premise: another copy
    expect(await spend(other, 'x')).toMatchObject({ allowed: true });
    expect(await spend(other, 'x')).toMatchObject({ allowed: false, remaining: 0 });
    expect((await spend(other, 'x')).resetSeconds).toBeGreaterThanOrEqual(1);
    // A failure of the store itself is still thrown, never mistaken for a refusal.
    const broken = { ...createRateLimiter(1), limiter: { consume: () => Promise.reject(new Error('redis down')) } as never };
    await expect(spend(broken, 'x')).rejects.toThrow('redis down');
  });
});
