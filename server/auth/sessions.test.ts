import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { createUser } from '../domain/users/users';
import { closeServices, createServices } from '../runtime/services';
import { startTestApi, type TestApi } from '../testing/api';
import { browserCaller, signIn, signOut } from '../testing/browser-session';
import { seedAffiliate } from '../testing/seed';
import { dashboardCaller, failure, portalCaller } from '../testing/session-caller';
import type { Services } from '../trpc/context';
import { hashPassword } from './passwords';
import { portalSession, portalSessionCurrent, userSession, userSessionCurrent } from './sessions';

// A session cookie copied from a browser stops working, on every app node, once its user signs
// out, resets the password, leaves the team or changes role, and a portal session once its
// affiliate signs out, sets a new password or is suspended. Other people's sessions go on.
let api: TestApi;
let peer: Services; // a second app node on the same database (its own pool on PostgreSQL)
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refcount.example.com' });
  peer = createServices(await api.database.openPeer(), api.services.config);
});
afterAll(async () => {
  await closeServices(peer);
  await api.close();
});

const ENDED = { status: 401, error: 'unauthorized' };
const PASSWORD = 'password-1';

async function manager(workspaceId: string, role: 'owner' | 'admin' | 'viewer' = 'owner') {
  const email = `${role}-${randomUUID()}@example.com`;
  const user = await createUser(api.db, { email, password: PASSWORD, workspaceId, role });
  return { id: user.id, email };
}

/** Signs in to the dashboard; the captured cookie and its callers on this node and on the peer. */
async function dashboardSession(email: string, password = PASSWORD) {
  const cookie = (await signIn(api.services, 'credentials', email, password))!;
  expect(cookie).toBeTruthy();
  return {
    cookie,
    here: () => browserCaller(api.services, 'dashboard', cookie).then((c) => c.team),
    onPeer: () => browserCaller(peer, 'dashboard', cookie).then((c) => c.team),
  };
}

async function team() {
  const ws = await api.workspace();
  return { ws, owner: await manager(ws.id, 'owner'), admin: await manager(ws.id, 'admin') };
}

describe('dashboard sessions', () => {
  it('sign-out ends every session of the user, on both nodes; a stale cookie cannot sign out the next one', async () => {
    const { ws, owner, admin } = await team();
    const laptop = await dashboardSession(admin.email);
    const phone = await dashboardSession(admin.email);
    const other = await dashboardSession(owner.email);
    expect((await (await phone.onPeer()).me()).role).toBe('admin');
    await signOut(api.services, laptop.cookie);
    for (const s of [laptop, phone]) {
      expect(await failure((await s.here()).me())).toEqual(ENDED);
      expect(await failure((await s.onPeer()).members())).toEqual(ENDED);
    }
    expect(await (await other.here()).me()).toEqual({ workspace_id: ws.id, role: 'owner', can_write: true });
    const again = await dashboardSession(admin.email);
    await signOut(api.services, phone.cookie); // an ended session signing out ends nothing more
    expect((await (await again.onPeer()).me()).role).toBe('admin');
  });

  it('a password reset ends every session of the user; the new sign-in works', async () => {
    const { owner, admin } = await team();
    const stolen = await dashboardSession(admin.email);
    const other = await dashboardSession(owner.email);
    const anon = dashboardCaller(api, null).team;
    await anon.requestPasswordReset({ email: admin.email });
    const [mail] = await api.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'manager_password_reset'), eq(emailOutbox.to, admin.email)));
    const token = /token=([\w-]+)/.exec(mail.body)![1];
    await anon.resetPassword({ token, password: 'new-password' });
    expect(await failure((await stolen.here()).me())).toEqual(ENDED);
    expect(await failure((await stolen.onPeer()).me())).toEqual(ENDED);
    expect((await (await other.onPeer()).me()).role).toBe('owner');
    expect((await (await (await dashboardSession(admin.email, 'new-password')).here()).me()).role).toBe('admin');
  });

  it('removal from the team ends every session of the user, in its other workspaces too', async () => {
    const { ws, owner, admin } = await team();
    const elsewhere = await api.workspace();
    await createUser(api.db, { email: admin.email, password: PASSWORD, workspaceId: elsewhere.id, role: 'viewer' });
    const removed = await dashboardSession(admin.email);
    const other = await dashboardSession(owner.email);
    expect((await (await removed.here()).me()).workspace_id).toBe(ws.id);
    expect(await (await other.here()).removeMember({ user_id: admin.id })).toMatchObject({ user_id: admin.id, role: 'admin' });
    expect(await failure((await removed.here()).me())).toEqual(ENDED);
    expect(await failure((await removed.onPeer()).me())).toEqual(ENDED);
    expect((await (await other.onPeer()).members()).data.map((m) => m.user_id)).toEqual([owner.id]);
    // signed in again, the user is only in the other workspace
    expect(await (await (await dashboardSession(admin.email)).here()).me()).toMatchObject({ workspace_id: elsewhere.id, role: 'viewer' });
  });

  it('a role change ends every session of the user; the next sign-in has the new role', async () => {
    const { owner, admin } = await team();
    const demoted = await dashboardSession(admin.email);
    const other = await dashboardSession(owner.email);
    await (await other.here()).changeMemberRole({ user_id: admin.id, role: 'viewer' });
    expect(await failure((await demoted.here()).addMember({ email: 'x@example.com', password: PASSWORD, role: 'viewer' }))).toEqual(ENDED);
    expect(await failure((await demoted.onPeer()).me())).toEqual(ENDED);
    expect(await (await (await dashboardSession(admin.email)).here()).me()).toMatchObject({ role: 'viewer', can_write: false });
    expect((await (await other.here()).me()).role).toBe('owner');
  });

  it('the page layouts refuse an ended session too', async () => {
    const { admin } = await team();
    const s = await dashboardSession(admin.email);
    const session = userSession({ id: admin.id, sessionVersion: 0 })!;
    expect(await userSessionCurrent(api.db, session)).toBe(true);
    await signOut(api.services, s.cookie);
    expect(await userSessionCurrent(peer.database.db, session)).toBe(false);
    expect(userSession({ id: admin.id })).toBeNull(); // a cookie from before versions is no session
  });
});

describe('who may remove a teammate or change a role', () => {
  it('only an owner touches an owner; the last owner stays; refusals change nothing and end no session', async () => {
    const { ws, owner, admin } = await team();
    const owners = await dashboardSession(owner.email);
    const admins = await dashboardSession(admin.email);
    const byAdmin = await admins.here();
    expect(await failure(byAdmin.removeMember({ user_id: owner.id }))).toMatchObject({ status: 403, need: 'owner' });
    expect(await failure(byAdmin.changeMemberRole({ user_id: owner.id, role: 'viewer' }))).toMatchObject({ status: 403, need: 'owner' });
    const viewer = await manager(ws.id, 'viewer');
    expect(await failure(byAdmin.changeMemberRole({ user_id: viewer.id, role: 'owner' }))).toMatchObject({ status: 403, need: 'owner' });
    const byOwner = await owners.here();
    expect(await failure(byOwner.removeMember({ user_id: owner.id }))).toMatchObject({ status: 409, error: 'invalid_state' });
    expect(await failure(byOwner.changeMemberRole({ user_id: owner.id, role: 'admin' }))).toMatchObject({ status: 409 });
    expect(await failure(byOwner.removeMember({ user_id: randomUUID() }))).toMatchObject({ status: 404, error: 'link_not_found' });
    expect(await failure(byOwner.removeMember({ user_id: 'not-an-id' }))).toMatchObject({ status: 404 });
    const stranger = await manager((await api.workspace()).id, 'viewer');
    expect(await failure(byOwner.removeMember({ user_id: stranger.id }))).toMatchObject({ status: 404 });
    expect(await byOwner.changeMemberRole({ user_id: admin.id, role: 'admin' })).toMatchObject({ role: 'admin' }); // no change
    expect((await byAdmin.me()).role).toBe('admin');
    expect((await byOwner.members()).data.map((m) => [m.user_id, m.role])).toEqual([
      [owner.id, 'owner'],
      [admin.id, 'admin'],
      [viewer.id, 'viewer'],
    ]);
    const ok = await signIn(api.services, 'credentials', stranger.email, PASSWORD);
    expect((await (await browserCaller(api.services, 'dashboard', ok!)).team.me()).role).toBe('viewer');
  });

  it('two owners demoting each other at once: one wins, the workspace keeps an owner', async () => {
    const ws = await api.workspace();
    const [a, b] = [await manager(ws.id, 'owner'), await manager(ws.id, 'owner')];
    const [byA, byB] = [dashboardCaller(api, a.id).team, dashboardCaller(api, b.id).team];
    const outcomes = await Promise.allSettled([
      byA.changeMemberRole({ user_id: b.id, role: 'admin' }),
      byB.changeMemberRole({ user_id: a.id, role: 'admin' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    // refused as the last owner (409), as no longer an owner (403), or, when the other's change
    // committed before it authenticated, as a session the demotion ended (401, members.ts)
    const refused = outcomes.find((o) => o.status === 'rejected')!;
    expect([401, 403, 409]).toContain((await failure(Promise.reject(refused.reason))).status);
    expect((await byA.members()).data.map((m) => m.role).sort()).toEqual(['admin', 'owner']);
  });
});

describe('portal sessions', () => {
  async function affiliate(workspaceId: string, email = `aff-${randomUUID()}@example.com`) {
    const a = await seedAffiliate(api.db, workspaceId, { email, status: 'active', passwordHash: await hashPassword(PASSWORD) });
    const signedIn = async () => {
      const cookie = (await signIn(api.services, 'affiliate', email, PASSWORD))!;
      expect(cookie).toBeTruthy();
      return { cookie, here: () => browserCaller(api.services, 'portal', cookie), onPeer: () => browserCaller(peer, 'portal', cookie) };
    };
    return { id: a.id, email, signedIn };
  }
  const setStatus = (ws: { token: string }, id: string, status: string) =>
    api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status } }).then((r) => expect(r.status).toBe(200));

  it('suspension ends the portal sessions for good: reactivated, the affiliate signs in again', async () => {
    const ws = await api.workspace();
    const ann = await affiliate(ws.id);
    const bob = await affiliate(ws.id);
    const anns = await ann.signedIn();
    const bobs = await bob.signedIn();
    expect((await (await anns.onPeer()).portal.me({})).data.id).toBe(ann.id);
    await setStatus(ws, ann.id, 'suspended');
    expect(await failure((await anns.here()).portal.me({}))).toEqual(ENDED);
    await setStatus(ws, ann.id, 'active');
    expect(await failure((await anns.here()).portal.me({}))).toEqual(ENDED);
    expect(await failure((await anns.onPeer()).portal.me({}))).toEqual(ENDED);
    expect((await (await (await ann.signedIn()).here()).portal.me({})).data.id).toBe(ann.id);
    expect((await (await bobs.onPeer()).portal.me({})).data.id).toBe(bob.id);
    // the portal's page layout refuses it as well
    expect(await portalSessionCurrent(api.db, portalSession({ affiliateId: ann.id, workspaceId: ws.id, sessionVersion: 0 })!)).toBe(false);
  });

  it('sign-out and a new password end every portal session of the affiliate, not another one', async () => {
    const ws = await api.workspace();
    const ann = await affiliate(ws.id);
    const bob = await affiliate(ws.id);
    const first = await ann.signedIn();
    const second = await ann.signedIn();
    const bobs = await bob.signedIn();
    await signOut(api.services, first.cookie);
    expect(await failure((await second.onPeer()).portal.me({}))).toEqual(ENDED);
    const third = await ann.signedIn();
    const owner = await manager(ws.id);
    const { url } = await dashboardCaller(api, owner.id).team.inviteLink({ affiliate_id: ann.id });
    await portalCaller(api, undefined).portal.acceptInvite({ token: new URL(url).searchParams.get('token')!, password: 'new-password' });
    expect(await failure((await third.here()).portal.me({}))).toEqual(ENDED);
    expect((await (await bobs.here()).portal.me({})).data.id).toBe(bob.id);
  });
});
