import { inArray, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@/db/schema';
import { appRouter } from '../root';
import { startTestApi, type TestApi } from '../../testing/api';
import { keyFor, memberOf, NOT_AUDITED, WALK, type Actor, type WalkFixture } from '../../testing/audit-walk';
import { startProgram } from '../../testing/program';
import { dashboardCaller, portalCaller } from '../../testing/session-caller';

// Every write, through every transport, records who made it: each mutation of the root router,
// read from the router itself so a new one fails here until it has a case (or a reason in
// NOT_AUDITED), is called once with valid input and must leave audit rows naming its actor.

type Procedure = { _def: { type: string; meta?: { openapi?: { method: string; path: string } } } };
const procedures = (appRouter._def as unknown as { procedures: Record<string, Procedure> }).procedures;
const MUTATIONS = Object.entries(procedures)
  .filter(([, p]) => p._def.type === 'mutation')
  .map(([path, p]) => ({ path, openapi: p._def.meta?.openapi }));
// Sign-up is open only while the install has no user: it goes first.
const WALKED = MUTATIONS.filter((m) => WALK[m.path]).sort((a, b) => Number(!!WALK[b.path].first) - Number(!!WALK[a.path].first));

let api: TestApi;
let f: WalkFixture;
beforeAll(async () => {
  // Webhook targets on loopback: endpoints are only created, nothing is delivered.
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const p = await startProgram(api, { prefix: 'walk', settings: { hold_days: 0, min_payout: 1 } });
  const key = await keyFor({ api, p });
  const rest = async (method: string, path: string, body?: unknown) => {
    const res = await api.call(method, path, { token: key.token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  f = { api, p, key, rest, user: memberOf({ api, p }) };
});
afterAll(() => api.close());

/** Calls the mutation at `path` the way its transport does; answers the actor it must record. */
async function call(m: (typeof MUTATIONS)[number], input: Record<string, unknown>): Promise<Actor | null> {
  const c = WALK[m.path];
  if (m.openapi) {
    const rest = { ...input };
    const url = m.openapi.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = String(rest[name]);
      delete rest[name];
      return v;
    });
    await f.rest(m.openapi.method, `/v1${url}`, m.openapi.method === 'DELETE' ? undefined : rest);
    return { type: 'api_key', id: f.key.id };
  }
  const caller =
    c.via === 'session' ? dashboardCaller(api, (await f.user()).id)
    : c.via === 'portal' ? portalCaller(api, { workspaceId: f.p.ws.id, affiliateId: f.p.b.id })
    : portalCaller(api, undefined);
  const fn = m.path.split('.').reduce<any>((o, k) => o[k], caller);
  await fn(input);
  if (c.via === 'session') return { type: 'user', id: (await f.user()).id };
  if (c.via === 'portal') return { type: 'affiliate', id: f.p.b.id };
  return null;
}

describe('every mutation of the root router writes an audit row with its actor', () => {
  it('has a case, or a reason not to, for each mutation and nothing else', () => {
    const paths = MUTATIONS.map((m) => m.path).sort();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !WALK[p] && !NOT_AUDITED[p]), 'mutations without a case').toEqual([]);
    expect([...Object.keys(WALK), ...Object.keys(NOT_AUDITED)].filter((p) => !paths.includes(p)), 'cases of no mutation').toEqual([]);
    expect(Object.keys(WALK).filter((p) => NOT_AUDITED[p]), 'both walked and excused').toEqual([]);
  });

  it.each(WALKED.map((m) => [m.path, m] as const))('%s', async (_, m) => {
    const c = WALK[m.path];
    const input = await c.input(f);
    const seen = (await api.db.select({ id: auditEvents.id }).from(auditEvents)).map((r) => r.id);
    const byTransport = await call(m, input);
    const actor = c.actor ? await c.actor(f, input) : byTransport!;
    const added = await api.db.select().from(auditEvents).where(seen.length ? not(inArray(auditEvents.id, seen)) : undefined);
    expect(added.length, 'audit rows written').toBeGreaterThan(0);
    expect(added.map((r) => ({ type: r.actorType, id: r.actorId })), 'their actor').toContainEqual(actor);
  });
});
