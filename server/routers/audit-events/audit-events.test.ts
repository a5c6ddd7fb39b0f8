import { actorNames } from '../../domain/audit/audit-events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, commissions, conversions } from '@/db/schema';
import { COMMANDS } from '../../cli/commands';
import { confirmDueConversions } from '../../domain/conversions/confirm';
import { createWorkspaceKey } from '../../domain/keys/workspace-keys';
import { createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { TEST_ACTOR } from '../../testing/seed';
import { dashboardCaller, failure, portalCaller } from '../../testing/session-caller';

// The audit log: one row per management write, in the write's transaction, under the right actor;
// nothing for a failed write or for tracking; each workspace reads only its own.
let api: TestApi;
let p: Program;
let key: { id: string; token: string };
beforeAll(async () => {
  // Webhook targets on loopback (nothing is delivered here: the endpoint is only created).
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  p = await startProgram(api, { prefix: 'aud' });
  const made = await createWorkspaceKey({ ctx: { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR }, input: { scopes: ['*'], name: 'auditor' } });
  key = { id: made.key.id, token: made.token };
});
afterAll(() => api.close());

const rowsFor = (targetId: string) =>
  api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, targetId)));
const read = async (query: string, token = key.token) => {
  const res = await api.call('GET', `/v1/audit-events${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('a write leaves one correct audit row', () => {
  it('through the API: the key is the actor, the record is what changed', async () => {
    const created = await api.call('POST', '/v1/campaigns', { token: key.token, body: { name: 'Audited', cookie_window_days: 14 } });
    const id: string = created.body.data.id;
    const page = await read(`?target_id=${id}`);
    expect(page).toMatchObject({ object: 'list', resource: 'audit_events', has_more: false });
    expect(page.data).toEqual([
      {
        id: expect.any(String),
        actor: { type: 'api_key', id: key.id, name: expect.stringMatching(/^auditor \(sa_live_\w*…\)$/), via: null },
        action: 'campaign.created',
        target: { type: 'campaign', id },
        changes: { after: expect.objectContaining({ id, name: 'Audited', cookie_window_days: 14 }) },
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
    await api.call('PATCH', `/v1/campaigns/${id}`, { token: key.token, body: { name: 'Renamed', cookie_window_days: 14 } });
    const [update] = (await read(`?target_id=${id}&action=campaign.updated`)).data;
    // Only what moved: the window was sent again unchanged.
    expect(update.changes).toEqual({ before: { name: 'Audited' }, after: { name: 'Renamed' } });
    // Repeating the same values writes nothing, so it records nothing.
    await api.call('PATCH', `/v1/campaigns/${id}`, { token: key.token, body: { name: 'Renamed' } });
    expect(await rowsFor(id)).toHaveLength(2);
  });

  it('through the dashboard: the signed-in user is the actor', async () => {
    const user = await createUser(api.db, { email: 'manager@example.com', password: 'password-1', workspaceId: p.ws.id, role: 'admin' });
    await dashboardCaller(api, user.id).settings.update({ hold_days: 45 });
    const page = await read('?action=settings.updated');
    expect(page.data).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: user.id, name: 'manager@example.com', via: null },
        target: { type: 'settings', id: p.ws.id },
        changes: { before: { hold_days: 30 }, after: { hold_days: 45 } },
      }),
    ]);
  });

  it('through the portal: the affiliate is the actor', async () => {
    const portal = portalCaller(api, { workspaceId: p.ws.id, affiliateId: p.b.id }).portal;
    await portal.setPayoutEmail({ payout_email: 'pay-b@example.com' });
    const [row] = (await read(`?actor_type=affiliate&target_id=${p.b.id}`)).data;
    expect(row).toMatchObject({ actor: { type: 'affiliate', id: p.b.id, name: 'audb@example.com' }, action: 'affiliate.updated', changes: { after: { payout_email: 'pay-b@example.com' } } });
  });

  it('by a job: the hold-period confirmation names itself', async () => {
    const sale = await p.track('sale', { external_id: 'aud-old', ref: p.a.ref, amount: 5_000 });
    const id: string = sale.body.conversion_id;
    await api.db.update(conversions).set({ ts: new Date(Date.now() - 60 * 86_400_000) }).where(eq(conversions.id, id));
    expect(await rowsFor(id)).toEqual([]); // tracking itself is not audited
    await confirmDueConversions(api.db);
    const [row] = (await read(`?target_id=${id}`)).data;
    expect(row).toMatchObject({
      actor: { type: 'system', id: 'conversions.confirm', name: null, via: null },
      action: 'conversion.confirmed',
      target: { type: 'conversion', id },
      changes: { before: { status: 'pending' }, after: { status: 'confirmed' } },
    });
    expect((await read('?actor_type=system&actor_id=conversions.confirm')).data.length).toBeGreaterThanOrEqual(1);
  });

  it('from the command line: the operator (cli) revoking a key', async () => {
    const made = await createWorkspaceKey({ ctx: { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR }, input: { scopes: ['read'] } });
    await COMMANDS['keys revoke'](api.database, {}, { json: true, print: () => {} }, [made.key.id]);
    const rows = (await read(`?target_id=${made.key.id}`)).data;
    expect(rows.map((r: { action: string; actor: unknown }) => [r.action, r.actor])).toEqual([
      ['workspace_key.revoked', { type: 'system', id: 'cli', name: null, via: null }],
      ['workspace_key.created', { type: 'system', id: 'test', name: null, via: null }],
    ]);
  });
});

describe('nothing is recorded for what did not happen', () => {
  it('a refused or failing write leaves no row, even when it fails after the first change', async () => {
    const before = (await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, p.ws.id))).length;
    expect((await api.call('POST', '/v1/campaigns', { token: key.token, body: { name: '' } })).status).toBe(400);
    expect((await api.call('PATCH', `/v1/campaigns/${crypto.randomUUID()}`, { token: key.token, body: { name: 'x' } })).status).toBe(404);
    // Bulk review is all or none: the first commission changes, the paid one refuses, all roll back.
    const s1 = (await p.track('sale', { external_id: 'aud-bulk-1', ref: p.a.ref, amount: 1_000 })).body.conversion_id;
    const s2 = (await p.track('sale', { external_id: 'aud-bulk-2', ref: p.a.ref, amount: 1_000 })).body.conversion_id;
    const [c1] = await p.ledger(s1);
    const [c2] = await p.ledger(s2);
    await api.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.id, c2.id));
    const bulk = await api.call('POST', '/v1/commissions/bulk', { token: key.token, body: { ids: [c1.id, c2.id].sort(), status: 'approved' } });
    expect(bulk.status).toBe(409);
    expect((await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, p.ws.id))).length).toBe(before);
    // The same review of the first one alone is recorded.
    expect((await api.call('PATCH', `/v1/commissions/${c1.id}`, { token: key.token, body: { status: 'approved' } })).status).toBe(200);
    expect((await rowsFor(c1.id)).map((r) => r.action)).toEqual(['commission.updated']);
  });
});

describe('reading the log', () => {
  it('names no one of another workspace: a user without membership here stays unnamed', async () => {
    const elsewhere = await api.workspace(['read']);
    const outsider = await createUser(api.db, { email: 'outsider@example.com', password: 'password-1', workspaceId: elsewhere.id });
    const names = await actorNames({ db: api.db, workspaceId: p.ws.id }, [{ actorType: 'user', actorId: outsider.id } as never, { actorType: 'api_key', actorId: key.id } as never]);
    expect([...names.keys()]).toEqual([`api_key:${key.id}`]);
  });

  it('one workspace never sees another’s events, not even by id', async () => {
    const other = await api.workspace(['*']);
    const theirs = await api.call('POST', '/v1/campaigns', { token: other.token, body: { name: 'Theirs' } });
    const mine = await read('?limit=200');
    expect(mine.data.every((e: { target: { id: string } }) => e.target.id !== theirs.body.data.id)).toBe(true);
    expect((await read(`?target_id=${theirs.body.data.id}`)).data).toEqual([]);
    const seen = await read('', other.token);
    expect(seen.data.map((e: { action: string }) => e.action)).toEqual(['campaign.created', 'workspace_key.created']); // its own fixture key
  });

  it('pages newest first and filters by time', async () => {
    for (const name of ['P1', 'P2', 'P3']) await api.call('POST', '/v1/campaigns', { token: key.token, body: { name } });
    const first = await read('?action=campaign.created&limit=2');
    expect(first.has_more).toBe(true);
    expect(first.data.map((e: { changes: { after: { name: string } } }) => e.changes.after.name)).toEqual(['P3', 'P2']);
    const next = await read('?action=campaign.created&limit=2&offset=2');
    expect(next.data[0].changes.after.name).toBe('P1');
    expect((await read(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).data).toEqual([]);
    expect((await read('?to=2000-01-01')).data).toEqual([]);
  });

  it('needs read scope and answers bad filters with 400', async () => {
    const writeOnly = await p.ws.keyFor(['write']);
    const refused = await api.call('GET', '/v1/audit-events', { token: writeOnly });
    expect(refused).toMatchObject({ status: 403, body: { error: 'insufficient_scope', need: 'read' } });
    expect((await api.call('GET', '/v1/audit-events?actor_type=robot', { token: key.token })).status).toBe(400);
    expect((await api.call('GET', '/v1/audit-events?limit=500', { token: key.token })).status).toBe(400);
    expect(await failure(dashboardCaller(api, null).auditEvents.list({}))).toMatchObject({ status: 401 });
  });

  it('never holds a secret: tokens, key hashes and signing secrets stay out', async () => {
    const hook = await api.call('POST', '/v1/webhooks', { token: key.token, body: { url: 'https://127.0.0.1:9/in', events: ['*'] } });
    expect(hook.status).toBe(201);
    await api.call('POST', `/v1/webhooks/${hook.body.data.id}/rotate-secret`, { token: key.token });
    const created = await createWorkspaceKey({ ctx: { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR }, input: { scopes: ['read'] } });
    const all = JSON.stringify((await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, p.ws.id))).map((r) => r.changes));
    expect(all).not.toContain('whsec_');
    expect(all).not.toContain(created.token);
    expect(all).not.toContain(created.key.hash);
    expect((await read(`?target_id=${hook.body.data.id}`)).data.map((e: { action: string }) => e.action)).toEqual([
      'webhook_endpoint.secret_rotated',
      'webhook_endpoint.created',
    ]);
  });
});
