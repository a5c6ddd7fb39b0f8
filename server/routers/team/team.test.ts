import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateUser, createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { dashboardCaller, failure } from '../../testing/session-caller';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function member(role: 'owner' | 'admin' | 'viewer', workspaceId?: string) {
  const wsId = workspaceId ?? (await api.workspace()).id;
  const user = await createUser(api.db, { email: `${role}-${Math.random().toString(36).slice(2)}@example.com`, password: 'password-1', workspaceId: wsId, role });
  return { wsId, caller: dashboardCaller(api, user.id) };
}

describe('first sign-up', () => {
  it('is open on an empty install, creates the owner once, then closes', async () => {
    const anon = dashboardCaller(api, null);
    expect(await anon.team.signUpOpen()).toEqual({ open: true });
    const r = await anon.team.signUp({ workspace_name: 'Acme', email: 'Founder@Example.com', password: 'long-enough' });
    expect(r.email).toBe('founder@example.com');
    expect(await anon.team.signUpOpen()).toEqual({ open: false });
    expect(await failure(anon.team.signUp({ workspace_name: 'Evil', email: 'evil@example.com', password: 'long-enough' }))).toMatchObject({
      status: 409,
      error: 'invalid_state',
    });
  });

  it('rejects a short password', async () => {
    const input = { workspace_name: 'X', email: 'x@example.com', password: 'short' };
    const f = await failure(dashboardCaller(api, null).team.signUp(input), input);
    expect(f).toMatchObject({ status: 400, error: 'invalid_request' });
  });
});

describe('team', () => {
  it('tells the UI what the role may do', async () => {
    const owner = await member('owner');
    const viewer = await member('viewer', owner.wsId);
    expect(await owner.caller.team.me()).toEqual({ workspace_id: owner.wsId, role: 'owner', can_write: true });
    expect(await viewer.caller.team.me()).toEqual({ workspace_id: owner.wsId, role: 'viewer', can_write: false });
    expect(await failure(dashboardCaller(api, null).team.me())).toMatchObject({ status: 401, error: 'unauthorized' });
  });

  it('an owner adds teammates; an admin cannot add an owner; a viewer cannot add anyone', async () => {
    const owner = await member('owner');
    const admin = await member('admin', owner.wsId);
    const viewer = await member('viewer', owner.wsId);
    const added = await owner.caller.team.addMember({ email: 'new@example.com', password: 'password-2', role: 'viewer' });
    expect(added).toMatchObject({ email: 'new@example.com', role: 'viewer' });
    expect(await failure(admin.caller.team.addMember({ email: 'boss@example.com', password: 'password-2', role: 'owner' }))).toMatchObject({
      status: 403,
      error: 'insufficient_scope',
      need: 'owner',
    });
    expect(await failure(viewer.caller.team.addMember({ email: 'v2@example.com', password: 'password-2', role: 'viewer' }))).toMatchObject({
      status: 403,
      need: 'write',
    });
    const emails = (await viewer.caller.team.members()).data.map((m) => m.email);
    expect(emails).toContain('new@example.com');
    expect(emails).not.toContain('boss@example.com');
    expect(emails).not.toContain('v2@example.com');
    const other = await member('owner');
    expect((await other.caller.team.members()).data.map((m) => m.email)).not.toContain('new@example.com');
  });

  it("adding an existing account never sets its password (no admin chooses another's credentials)", async () => {
    const victimWs = (await api.workspace()).id;
    const victim = await createUser(api.db, { email: `victim-${victimWs}@example.com`, password: 'victims-own-1', workspaceId: victimWs, role: 'owner' });
    const admin = await member('admin');
    const added = await admin.caller.team.addMember({ email: victim.email.toUpperCase(), password: 'chosen-by-admin', role: 'viewer' });
    expect(added).toMatchObject({ email: victim.email, role: 'viewer' });
    expect(await authenticateUser(api.db, victim.email, 'chosen-by-admin')).toBeNull();
    expect(await authenticateUser(api.db, victim.email, 'victims-own-1')).toMatchObject({ id: victim.id });
  });
});

describe('workspace keys', () => {
  it('creates a key shown once that works on /v1, lists it without the token, and revokes it', async () => {
    const owner = await member('owner');
    const created = await owner.caller.team.createKey({ name: 'server', scopes: ['read', 'track'] });
    expect(created.token).toMatch(/^sa_live_/);
    expect(created.data.last_used_at).toBeNull();
    expect((await api.call('GET', '/v1/campaigns', { token: created.token })).status).toBe(200);
    const listed = await owner.caller.team.keys();
    expect(listed.data.find((k) => k.id === created.data.id)?.last_used_at).not.toBeNull();
    expect(listed.data.map((k) => k.id)).toContain(created.data.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const revoked = await owner.caller.team.revokeKey({ id: created.data.id });
    expect(revoked.revoked_at).not.toBeNull();
    expect((await api.call('GET', '/v1/campaigns', { token: created.token })).status).toBe(401);
    expect(await failure(owner.caller.team.revokeKey({ id: created.data.id }))).toMatchObject({ status: 404, error: 'link_not_found' });
  });

  it('refuses unknown scopes, viewers, and another workspace’s key', async () => {
    const owner = await member('owner');
    const viewer = await member('viewer', owner.wsId);
    const before = (await owner.caller.team.keys()).data.length;
    const bad = { scopes: ['admin' as never] };
    expect(await failure(owner.caller.team.createKey(bad), bad)).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await failure(viewer.caller.team.createKey({ scopes: ['read'] }))).toMatchObject({ status: 403, need: 'write' });
    expect((await owner.caller.team.keys()).data.length).toBe(before);
    const { data } = await owner.caller.team.createKey({ scopes: ['*'] });
    const stranger = await member('owner');
    expect(await failure(stranger.caller.team.revokeKey({ id: data.id }))).toMatchObject({ status: 404, error: 'link_not_found' });
    expect((await owner.caller.team.keys()).data.find((k) => k.id === data.id)?.revoked_at).toBeNull();
  });
});
