import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { describeWith } from '../../testing/requirements';
import { failure, portalCaller } from '../../testing/session-caller';
import { SIGN_IN_LINKS_PER_MINUTE } from '../../auth/sign-in-link-limit';

const request = (node: TestApi, email: string) => portalCaller(node, undefined).portal.requestSignInLink({ email });

// Two app nodes (each its own services and database) configured with one Redis, as in production
// behind a load balancer (TEST_REDIS_URL points elsewhere than 127.0.0.1:6379).
await describeWith('redis', 'sign-in links on a shared Redis', (redis) => {
  let nodeA: TestApi;
  let nodeB: TestApi;
  beforeAll(async () => {
    [nodeA, nodeB] = await Promise.all([startTestApi({ RATE_LIMIT_REDIS_URL: redis }), startTestApi({ RATE_LIMIT_REDIS_URL: redis })]);
    // until connected a node spends from its own in-memory insurance budget
    await Promise.all([nodeA.services.signInLinkLimiter.ready, nodeB.services.signInLinkLimiter.ready]);
  });
  afterAll(() => Promise.all([nodeA?.close(), nodeB?.close()]));

  it('two app nodes on one Redis share the sign-in-link budget of an e-mail address', async () => {
    const email = `shared-${randomUUID()}@example.com`; // Redis outlives the run: a fresh address
    const nodes = [nodeA, nodeB, nodeA];
    expect(nodes).toHaveLength(SIGN_IN_LINKS_PER_MINUTE);
    for (const node of nodes) expect(await request(node, email)).toEqual({ ok: true });
    expect(await failure(request(nodeB, email.toUpperCase()))).toEqual({ status: 429, error: 'rate_limited' });
    expect(await failure(request(nodeA, email))).toEqual({ status: 429, error: 'rate_limited' });
    // another address has its own budget, and the API keys' limiter (same Redis) was not spent
    expect(await request(nodeB, `other-${email}`)).toEqual({ ok: true });
    const ws = await nodeA.workspace(['read']);
    const api = await nodeA.call('GET', '/v1/campaigns', { token: ws.token });
    expect(api.status).toBe(200);
    expect(api.headers.get('ratelimit-remaining')).toBe(String(nodeA.services.limiter.limit - 1));
  });
});
