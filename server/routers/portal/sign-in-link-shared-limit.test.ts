import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { describeWith } from '../../testing/requirements';
import { failure, portalCaller } from '../../testing/session-caller';
import { APPLICATIONS_PER_CLIENT_PER_HOUR, SIGN_IN_LINKS_PER_MINUTE } from '../../auth/sign-in-link-limit';
import { signInLinksWritten } from '../../domain/portal/sign-in-link';
import { appRouter } from '../root';
import { createCallerFactory } from '../../trpc/init';
import { createRequestContext } from '../../trpc/context';

const request = (node: TestApi, email: string) => portalCaller(node, undefined).portal.requestSignInLink({ email });
const createCaller = createCallerFactory(appRouter);
const visitor = (node: TestApi, clientIp: string) =>
  createCaller(createRequestContext(node.services, { requestId: 'test', transport: 'dashboard', clientIp }));

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
  afterAll(async () => {
    await signInLinksWritten();
    await Promise.all([nodeA?.close(), nodeB?.close()]);
  });

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

  it('two app nodes on one Redis share the join-page budget of a client address', async () => {
    const slug = `shared-${randomUUID().slice(0, 8)}`;
    for (const node of [nodeA, nodeB]) {
      const ws = await node.workspace(['*']);
      await node.call('PATCH', '/v1/settings', { token: ws.token, body: { join_slug: slug } });
    }
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`; // a fresh address, as above
    const apply = (node: TestApi, i: number) =>
      visitor(node, ip).join.submit({ program: slug, name: 'Shared', email: `applicant-${i}-${slug}@example.com`, accept_terms: true });
    for (let i = 0; i < APPLICATIONS_PER_CLIENT_PER_HOUR; i++) expect(await apply(i % 2 ? nodeB : nodeA, i)).toEqual({ ok: true });
    expect(await failure(apply(nodeA, 100))).toEqual({ status: 429, error: 'rate_limited' });
    expect(await failure(apply(nodeB, 101))).toEqual({ status: 429, error: 'rate_limited' });
  });
});
