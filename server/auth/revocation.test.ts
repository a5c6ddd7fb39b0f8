import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { COMMANDS } from '../cli/commands';
import { systemActor } from '../domain/context';
import { createWorkspaceKey } from '../domain/keys/workspace-keys';
import { createUser } from '../domain/users/users';
import { dashboardCaller } from '../testing/session-caller';
import { startTestApi, type TestApi } from '../testing/api';
import { startPeerNode } from '../testing/peer';

// Two app nodes on one database: on PostgreSQL node B is another process (on PGlite, a second
// set of services in this one). Whatever revokes a key on node A, the very next request with it
// on node B is refused: no process may keep answering from a memory of the key.
let nodeA: TestApi;
let nodeB: Awaited<ReturnType<typeof startPeerNode>>;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  nodeA = await startTestApi();
  nodeB = await startPeerNode(nodeA);
  ws = await nodeA.workspace(['*']);
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

const onB = (token: string, path = '/v1/campaigns') => nodeB.call('GET', path, { token });

/** A fresh workspace key that node B has just answered 200 (so B has seen it alive). */
async function liveKeyOnB() {
  const { key, token } = await createWorkspaceKey({ ctx: { db: nodeA.db, workspaceId: ws.id, actor: systemActor('test') }, input: { scopes: ['read'] } });
  for (let i = 0; i < 3; i++) expect((await onB(token)).status).toBe(200);
  return { token, id: key.id };
}

let ownerId: string;
beforeAll(async () => {
  ownerId = (await createUser(nodeA.db, { email: 'owner@example.com', password: 'password-1', workspaceId: ws.id, role: 'owner' })).id;
});

describe('a revoked workspace key fails on the very next request on another node', () => {
  it('revoked on the dashboard', async () => {
    const key = await liveKeyOnB();
    await dashboardCaller(nodeA, ownerId).team.revokeKey({ id: key.id });
    const next = await onB(key.token);
    expect(next.status).toBe(401);
    expect(next.body.error).toBe('unauthorized');
  });

  it('revoked with the command line', async () => {
    const key = await liveKeyOnB();
    await COMMANDS['keys revoke'](nodeA.database, {}, { json: true, print: () => {} }, [key.id]);
    expect((await onB(key.token)).status).toBe(401);
  });

  it('revoked while it tracks clicks on B (which then skips its lookup: the click statement checks it)', async () => {
    const campaign = await nodeA.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Clicks on B' } });
    const a = await nodeA.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'clicks-b@example.com', ref_code: 'clicksb', status: 'active', campaign_id: campaign.body.data.id } });
    expect(a.status).toBe(201);
    const { key, token } = await createWorkspaceKey({ ctx: { db: nodeA.db, workspaceId: ws.id, actor: systemActor('test') }, input: { scopes: ['track'] } });
    const clickOnB = () => nodeB.call('POST', '/v1/track/click', { token, body: { ref: 'clicksb' } });
    for (let i = 0; i < 3; i++) expect((await clickOnB()).status).toBe(200);
    await dashboardCaller(nodeA, ownerId).team.revokeKey({ id: key.id });
    const next = await clickOnB();
    expect(next.status).toBe(401);
    const [n] = await nodeA.db.select({ n: count() }).from(clicks).where(eq(clicks.affiliateId, a.body.data.id));
    expect(n.n).toBe(3);
  });
});

describe('an affiliate key fails on the very next request on another node', () => {
  async function affiliateKeyLiveOnB(email: string) {
    const a = await nodeA.call('POST', '/v1/affiliates', { token: ws.token, body: { email } });
    await nodeA.call('PATCH', `/v1/affiliates/${a.body.data.id}`, { token: ws.token, body: { status: 'active' } });
    const key = (await nodeA.call('POST', `/v1/affiliates/${a.body.data.id}/keys`, { token: ws.token, body: {} })).body.data;
    for (let i = 0; i < 3; i++) expect((await onB(key.token, '/v1/affiliate/me')).status).toBe(200);
    return { affiliateId: a.body.data.id as string, keyId: key.id as string, token: key.token as string };
  }

  it('revoked through the API', async () => {
    const k = await affiliateKeyLiveOnB('revoke-api@example.com');
    expect((await nodeA.call('DELETE', `/v1/affiliates/${k.affiliateId}/keys/${k.keyId}`, { token: ws.token })).status).toBe(200);
    expect((await onB(k.token, '/v1/affiliate/me')).status).toBe(401);
  });

  it('its affiliate suspended (and back when reactivated)', async () => {
    const k = await affiliateKeyLiveOnB('suspend-node@example.com');
    await nodeA.call('PATCH', `/v1/affiliates/${k.affiliateId}`, { token: ws.token, body: { status: 'suspended' } });
    expect((await onB(k.token, '/v1/affiliate/me')).status).toBe(401);
    await nodeA.call('PATCH', `/v1/affiliates/${k.affiliateId}`, { token: ws.token, body: { status: 'active' } });
    expect((await onB(k.token, '/v1/affiliate/me')).status).toBe(200);
  });
});
