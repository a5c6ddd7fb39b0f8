import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '@/db/schema';
import { INVITATION_LIFETIME_MS } from '../../domain/affiliates/invite-token';
import { createUser } from '../../domain/users/users';
import { authenticateAffiliateLogin } from '../../domain/portal/sign-in';
import { startTestApi, type TestApi } from '../../testing/api';
import { dashboardCaller, failure, portalCaller } from '../../testing/session-caller';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A workspace with an owner session and one invited affiliate who accepted with a password. */
async function program(email: string) {
  const ws = await api.workspace();
  const owner = await createUser(api.db, { email: `owner-${email}`, password: 'password-1', workspaceId: ws.id });
  const manager = dashboardCaller(api, owner.id);
  await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main', destination_url: 'https://shop.example.com' } });
  const invited = await api.call('POST', '/v1/affiliates/invite', { token: ws.token, body: { email, name: 'Ann' } });
  const affiliateId: string = invited.body.data.affiliate_id;
  await api.call('PATCH', `/v1/affiliates/${affiliateId}`, { token: ws.token, body: { status: 'active' } });
  await api.call('POST', '/v1/links', { token: ws.token, body: { affiliate_id: affiliateId } });
  const { url } = await manager.team.inviteLink({ affiliate_id: affiliateId });
  const token = new URL(url).searchParams.get('token')!;
  return { ws, manager, affiliateId, token, portal: portalCaller(api, { workspaceId: ws.id, affiliateId }).portal };
}

describe('accepting the invitation', () => {
  it('sets a password once; the link then stops working; sign-in checks it', async () => {
    const p = await program('ann@example.com');
    expect(await failure(portalCaller(api, undefined).portal.acceptInvite({ token: p.token, password: 'short' }))).toMatchObject({ status: 400 });
    expect(await authenticateAffiliateLogin(api.db, 'ann@example.com', 'short')).toBeNull();
    await portalCaller(api, undefined).portal.acceptInvite({ token: p.token, password: 'portal-pass' });
    expect((await authenticateAffiliateLogin(api.db, 'ANN@example.com', 'portal-pass'))?.id).toBe(p.affiliateId);
    expect(await authenticateAffiliateLogin(api.db, 'ann@example.com', 'wrong-pass')).toBeNull();
    expect(await failure(portalCaller(api, undefined).portal.acceptInvite({ token: p.token, password: 'other-pass' }))).toMatchObject({
      status: 404,
      error: 'link_not_found',
    });
    expect(await authenticateAffiliateLogin(api.db, 'ann@example.com', 'other-pass')).toBeNull();
  });

  it('a suspended affiliate cannot sign in', async () => {
    const p = await program('sus@example.com');
    await portalCaller(api, undefined).portal.acceptInvite({ token: p.token, password: 'portal-pass' });
    await api.call('PATCH', `/v1/affiliates/${p.affiliateId}`, { token: p.ws.token, body: { status: 'suspended' } });
    expect(await authenticateAffiliateLogin(api.db, 'sus@example.com', 'portal-pass')).toBeNull();
  });

  it('suspending ends a portal session already open; reactivated, the affiliate signs in again', async () => {
    const p = await program('open@example.com');
    expect((await p.portal.me({})).data.id).toBe(p.affiliateId);
    await api.call('PATCH', `/v1/affiliates/${p.affiliateId}`, { token: p.ws.token, body: { status: 'suspended' } });
    expect(await failure(p.portal.me({}))).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(await failure(p.portal.setPayoutEmail({ payout_email: 'x@example.com' }))).toMatchObject({ status: 401 });
    await api.call('PATCH', `/v1/affiliates/${p.affiliateId}`, { token: p.ws.token, body: { status: 'active' } });
    // p.portal signs in before each call; the session that suspension ended stays ended (server/auth/sessions.test.ts)
    expect((await p.portal.me({})).data.id).toBe(p.affiliateId);
  });

  it('a manager cannot mint a link for another workspace’s affiliate', async () => {
    const a = await program('a1@example.com');
    const b = await program('b1@example.com');
    expect(await failure(b.manager.team.inviteLink({ affiliate_id: a.affiliateId }))).toMatchObject({ status: 404, error: 'link_not_found' });
  });
});

describe('invitation links expire', () => {
  const rowOf = async (id: string) => (await api.db.select().from(affiliates).where(eq(affiliates.id, id)))[0];
  const expireAt = (id: string, at: Date | null) => api.db.update(affiliates).set({ inviteTokenExpiresAt: at }).where(eq(affiliates.id, id));
  const accept = (token: string, password: string) => portalCaller(api, undefined).portal.acceptInvite({ token, password });

  it('a link lasts 14 days; an expired one is refused like a used one and changes nothing; a re-issued one works', async () => {
    const p = await program('expired@example.com');
    const issued = await rowOf(p.affiliateId);
    expect(Math.abs(issued.inviteTokenExpiresAt!.getTime() - (Date.now() + INVITATION_LIFETIME_MS))).toBeLessThan(60_000);
    expect(INVITATION_LIFETIME_MS).toBe(14 * 24 * 60 * 60 * 1000);

    await expireAt(p.affiliateId, new Date(Date.now() - 1000));
    const before = await rowOf(p.affiliateId);
    expect(await failure(accept(p.token, 'portal-pass'))).toEqual({ status: 404, error: 'link_not_found' });
    expect(await rowOf(p.affiliateId)).toEqual(before);
    expect(before.passwordHash).toBeNull();
    expect(await authenticateAffiliateLogin(api.db, 'expired@example.com', 'portal-pass')).toBeNull();

    const { url } = await p.manager.team.inviteLink({ affiliate_id: p.affiliateId });
    await accept(new URL(url).searchParams.get('token')!, 'portal-pass');
    expect((await authenticateAffiliateLogin(api.db, 'expired@example.com', 'portal-pass'))?.id).toBe(p.affiliateId);
  });

  it('a link issued before links expired (no expiry stored) still works once', async () => {
    const p = await program('legacy@example.com');
    await expireAt(p.affiliateId, null);
    await accept(p.token, 'portal-pass');
    expect((await authenticateAffiliateLogin(api.db, 'legacy@example.com', 'portal-pass'))?.id).toBe(p.affiliateId);
    expect(await failure(accept(p.token, 'other-pass'))).toEqual({ status: 404, error: 'link_not_found' });
  });
});

describe('the portal shows only the signed-in affiliate', () => {
  it('reads its own profile, links and totals, not another affiliate’s', async () => {
    const a = await program('own-a@example.com');
    const b = await program('own-b@example.com');
    expect((await a.portal.me({})).data.email).toBe('own-a@example.com');
    const links = await a.portal.links({});
    expect(links.data).toHaveLength(1);
    expect(links.data.every((l) => l.affiliate_id === a.affiliateId)).toBe(true);
    expect((await b.portal.links({})).data.every((l) => l.affiliate_id === b.affiliateId)).toBe(true);
    expect((await a.portal.stats({})).object).toBe('affiliate_stats');
    expect((await a.portal.payouts({})).data).toEqual([]);
  });

  it('without a portal identity every portal procedure answers 401, and a manager session does not count', async () => {
    const a = await program('anon@example.com');
    expect(await failure(portalCaller(api, undefined).portal.me({}))).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(await failure(a.manager.portal.links({}))).toMatchObject({ status: 401 });
    expect(await failure(portalCaller(api, { workspaceId: a.ws.id, affiliateId: a.affiliateId }).campaigns.list({}))).toMatchObject({ status: 401 });
  });

  it('changes only its own payout e-mail', async () => {
    const a = await program('pay-a@example.com');
    const b = await program('pay-b@example.com');
    const r = await a.portal.setPayoutEmail({ payout_email: 'paypal-a@example.com' });
    expect(r.data.payout_email).toBe('paypal-a@example.com');
    expect((await b.portal.me({})).data.payout_email).toBeNull();
    expect(await failure(a.portal.setPayoutEmail({ payout_email: 'not-an-email' }))).toMatchObject({ status: 400 });
    expect((await a.portal.me({})).data.payout_email).toBe('paypal-a@example.com');
  });

  it('creates and revokes its own refa_live_ keys; another affiliate’s key is not found', async () => {
    const a = await program('key-a@example.com');
    const b = await program('key-b@example.com');
    const key = await a.portal.createKey({ name: 'sheet' });
    expect(key.token).toMatch(/^refa_live_/);
    const me = await api.call('GET', '/v1/affiliate/me', { token: key.token });
    expect(me.body.data.id).toBe(a.affiliateId);
    expect((await b.portal.keys()).data).toEqual([]);
    expect(await failure(b.portal.revokeKey({ id: key.id }))).toMatchObject({ status: 404, error: 'link_not_found' });
    expect((await api.call('GET', '/v1/affiliate/me', { token: key.token })).status).toBe(200);
    await a.portal.revokeKey({ id: key.id });
    expect((await api.call('GET', '/v1/affiliate/me', { token: key.token })).status).toBe(401);
    expect((await a.portal.keys()).data[0].revoked_at).not.toBeNull();
  });
});
