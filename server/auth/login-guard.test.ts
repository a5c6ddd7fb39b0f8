import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '@/db/schema';
import { SIGN_IN_LIMITED } from '../contracts/sign-in';
import { authenticateAffiliateLogin } from '../domain/portal/sign-in';
import { authenticateUser, createUser } from '../domain/users/users';
import { stampPeer } from '../lib/client-ip';
import { startTestApi, type TestApi } from '../testing/api';
import { describeWith } from '../testing/requirements';
import type { Services } from '../trpc/context';
import { guardedSignIn } from './credentials';
import { createLoginGuard, LOGIN_POLICY, type LoginGuard, type LoginPolicy } from './login-guard';
import { hashPassword } from './passwords';

// The sign-in path next-auth runs (server/auth/next-auth.ts → guardedSignIn), on a real database.
// The lean entry stamps each request's peer for Next; the tests stamp theirs the same way.
let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace();
  stampPeer({ headers: {}, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage);
});
afterAll(() => api.close());

const FAST: LoginPolicy = { ...LOGIN_POLICY, firstBlockSeconds: 2, maxBlockSeconds: 16 };
const guards: LoginGuard[] = [];
afterAll(() => Promise.all(guards.map((g) => g.close())));
const withGuard = (guard: LoginGuard): Services => (guards.push(guard), { ...api.services, loginGuard: guard });

let seq = 0;
const fromIp = () => `198.51.100.${++seq}`;
const dashboard = (services: Services, email: string, password: string, ip = '203.0.113.1') =>
  guardedSignIn(services, 'dashboard', { email, password }, { 'x-refcount-peer': ip }, authenticateUser);
/** What a sign-in answers: the user's e-mail, null (wrong), or 'limited' (refused before checking). */
const outcome = (p: Promise<{ email: string | null } | null>) =>
  p.then((u) => u?.email ?? null, (e: Error) => (e.message === SIGN_IN_LIMITED ? 'limited' : Promise.reject(e)));

async function user(password = 'right-password') {
  const email = `u-${randomUUID()}@example.com`;
  await createUser(api.db, { email, password, workspaceId: ws.id });
  return email;
}

describe('dashboard sign-in', () => {
  it('answers an unknown account exactly like a wrong password, and limits both', async () => {
    const services = withGuard(createLoginGuard());
    const real = await user();
    const ghost = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < 6; i++) {
      const ip = fromIp(); // one account at a time, never one address
      expect(await outcome(dashboard(services, real, 'wrong', ip))).toBeNull();
      expect(await outcome(dashboard(services, ghost, 'wrong', ip))).toBeNull();
    }
    expect(await outcome(dashboard(services, real, 'wrong', fromIp()))).toBe('limited');
    expect(await outcome(dashboard(services, ghost, 'wrong', fromIp()))).toBe('limited');
  });

  it('refuses the right password while the account is limited; a success before the limit clears the count', async () => {
    const services = withGuard(createLoginGuard());
    const email = await user();
    for (let i = 0; i < 4; i++) expect(await outcome(dashboard(services, email, 'wrong'))).toBeNull();
    expect(await outcome(dashboard(services, email, 'right-password'))).toBe(email);
    for (let i = 0; i < 6; i++) expect(await outcome(dashboard(services, email, 'wrong'))).toBeNull();
    expect(await outcome(dashboard(services, email, 'right-password'))).toBe('limited');
    expect(await outcome(dashboard(services, email, 'right-password', fromIp()))).toBe('limited'); // any address
  });

  it('a burst of parallel guesses gets no more password checks than the limit allows', async () => {
    const email = await user();
    let checked = 0;
    const counting = withGuard(createLoginGuard());
    const check = (db: Parameters<typeof authenticateUser>[0], e: string, p: string) => (checked++, authenticateUser(db, e, p));
    const results = await Promise.all(
      Array.from({ length: 30 }, () => outcome(guardedSignIn(counting, 'dashboard', { email, password: 'wrong' }, { 'x-refcount-peer': fromIp() }, check))),
    );
    expect(checked).toBe(LOGIN_POLICY.freeFailures.account + 1);
    expect(results.filter((r) => r === 'limited')).toHaveLength(30 - checked);
  });

  it('limits one address guessing across many accounts, not other addresses', async () => {
    const services = withGuard(createLoginGuard());
    const email = await user();
    for (let i = 0; i <= LOGIN_POLICY.freeFailures.address; i++) {
      expect(await outcome(dashboard(services, `spray-${i}-${randomUUID()}@example.com`, 'guess', '192.0.2.66'))).toBeNull();
    }
    expect(await outcome(dashboard(services, email, 'right-password', '192.0.2.66'))).toBe('limited');
    expect(await outcome(dashboard(services, email, 'right-password', '192.0.2.67'))).toBe(email);
  });

  it('backs off: each period past the free failures allows one attempt, and doubles', async () => {
    const guard = createLoginGuard(undefined, FAST);
    const services = withGuard(guard);
    const email = await user();
    const wait = async () => {
      const r = await guard.attempt({ surface: 'dashboard', email, ip: '203.0.113.1' }, async () => null);
      return r.ok ? 0 : r.retryAfter;
    };
    for (let i = 0; i < 6; i++) expect(await outcome(dashboard(services, email, 'wrong'))).toBeNull();
    expect(await wait()).toBe(2); // the 6th failure was the first past the 5 free: 2 s
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await outcome(dashboard(services, email, 'wrong'))).toBeNull(); // the one attempt of the period
    expect(await wait()).toBeGreaterThan(2); // twice as long now (4 s, less the time since)
    expect(await outcome(dashboard(services, email, 'right-password'))).toBe('limited');
    await new Promise((r) => setTimeout(r, 4_100));
    expect(await outcome(dashboard(services, email, 'right-password'))).toBe(email);
  }, 20_000);
});

describe('portal sign-in', () => {
  it('is limited on its own count: the dashboard count of the same e-mail does not spill over', async () => {
    const services = withGuard(createLoginGuard());
    const email = `aff-${randomUUID()}@example.com`;
    const created = await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email, status: 'active' } });
    expect(created.status).toBe(201);
    await api.db.update(affiliates).set({ passwordHash: await hashPassword('portal-pass') }).where(eq(affiliates.id, created.body.data.id));
    const portal = (password: string, ip = '203.0.113.1') =>
      outcome(guardedSignIn(services, 'portal', { email, password }, { 'x-refcount-peer': ip }, authenticateAffiliateLogin));
    for (let i = 0; i < 6; i++) expect(await outcome(dashboard(services, email, 'wrong', fromIp()))).toBeNull();
    expect(await portal('portal-pass')).toBe(email);
    for (let i = 0; i < 6; i++) expect(await portal('wrong', fromIp())).toBeNull();
    expect(await portal('portal-pass', fromIp())).toBe('limited');
  });
});

await describeWith('redis', 'shared through Redis', (REDIS) => {
  it('two app nodes on one Redis count one account’s failures together', async () => {
    const [a, b] = [createLoginGuard(REDIS), createLoginGuard(REDIS)];
    const nodeA = withGuard(a);
    const nodeB = withGuard(b);
    await Promise.all([a.ready, b.ready]);
    const email = await user(); // a fresh account: Redis outlives the run
    for (let i = 0; i < 6; i++) expect(await outcome(dashboard(i % 2 ? nodeA : nodeB, email, 'wrong', fromIp()))).toBeNull();
    expect(await outcome(dashboard(nodeA, email, 'right-password', fromIp()))).toBe('limited');
    expect(await outcome(dashboard(nodeB, email, 'right-password', fromIp()))).toBe('limited');
  });
});
