import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, emailOutbox } from '@/db/schema';
import { SIGN_IN_LINK_LIFETIME_MS } from '../../domain/affiliates/invite-token';
import { authenticateAffiliateLogin } from '../../domain/portal/sign-in';
import { MAX_SIGN_IN_LINKS_WRITING, signInLinksWritten } from '../../domain/portal/sign-in-link';
import { startTestApi, type TestApi } from '../../testing/api';
import { failure, portalCaller } from '../../testing/session-caller';
import { SIGN_IN_LINKS_PER_CLIENT_PER_HOUR, SIGN_IN_LINKS_PER_MINUTE } from '../../auth/sign-in-link-limit';
import { toApiError } from '../../errors/table';
import { appRouter } from '../root';
import { createCallerFactory } from '../../trpc/init';
import { createRequestContext } from '../../trpc/context';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://partners.example.com' });
});
afterAll(async () => {
  await signInLinksWritten();
  await api.close();
});

const anonymous = () => portalCaller(api, undefined).portal;
const createCaller = createCallerFactory(appRouter);
/** The portal as a visitor at `clientIp` reaches it. */
const caller = (clientIp: string) => createCaller(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', clientIp }));
/** Asks for a link and waits for it to be written (the answer comes before the lookup). */
async function requestLink(email: string) {
  const answer = await anonymous().requestSignInLink({ email });
  await signInLinksWritten();
  return answer;
}
const KIND = 'affiliate_sign_in_link';
const tokenIn = (body: string) => /\/portal\/accept\?token=([\w-]+)/.exec(body)?.[1];
const linkMails = (to: string) =>
  api.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, KIND), eq(emailOutbox.to, to)));
const allMails = async () => (await api.db.select({ n: count() }).from(emailOutbox))[0].n;
const rowOf = async (id: string) => (await api.db.select().from(affiliates).where(eq(affiliates.id, id)))[0];
const tokenHashOf = async (id: string) => (await rowOf(id)).inviteTokenHash;

/** An invited affiliate in a workspace of its own; `password` set: it accepted the invitation with it. */
async function affiliate(email: string, { status = 'active', password }: { status?: string; password?: string } = {}) {
  const ws = await api.workspace(['*'], `Shop of ${email}`);
  const invited = await api.call('POST', '/v1/affiliates/invite', { token: ws.token, body: { email, name: 'Ann' } });
  const id: string = invited.body.data.affiliate_id;
  const [invite] = await api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, ws.id), eq(emailOutbox.kind, 'affiliate_invite')));
  const inviteToken = tokenIn(invite.body)!;
  if (password) await anonymous().acceptInvite({ token: inviteToken, password });
  if (status !== 'pending') await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status } });
  return { ws, id, inviteToken };
}

describe('portal.requestSignInLink (forgot password)', () => {
  it('queues a one-time link; the old password works until the link sets a new one; the link works once', async () => {
    const a = await affiliate('known@example.com', { password: 'first-pass' });
    expect(await requestLink('  KNOWN@Example.com ')).toEqual({ ok: true });
    const [mail, ...more] = await linkMails('known@example.com');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ workspaceId: a.ws.id, status: 'queued', subject: 'Your sign-in link for the Shop of known@example.com affiliate portal' });
    expect(mail.body).toContain('https://partners.example.com/portal/accept?token=');
    const token = tokenIn(mail.body)!;

    expect((await authenticateAffiliateLogin(api.db, 'known@example.com', 'first-pass'))?.id).toBe(a.id);
    expect(await anonymous().acceptInvite({ token, password: 'second-pass' })).toEqual({ email: 'known@example.com' });
    expect((await authenticateAffiliateLogin(api.db, 'known@example.com', 'second-pass'))?.id).toBe(a.id);
    expect(await authenticateAffiliateLogin(api.db, 'known@example.com', 'first-pass')).toBeNull();

    expect(await failure(anonymous().acceptInvite({ token, password: 'third-pass' }))).toEqual({ status: 404, error: 'link_not_found' });
    expect(await authenticateAffiliateLogin(api.db, 'known@example.com', 'third-pass')).toBeNull();
    expect((await authenticateAffiliateLogin(api.db, 'known@example.com', 'second-pass'))?.id).toBe(a.id);
  });

  it('a link lasts an hour: once past its expiry it is refused like a used one and changes nothing', async () => {
    const a = await affiliate('late@example.com', { password: 'first-pass' });
    await requestLink('late@example.com');
    const [mail] = await linkMails('late@example.com');
    const issued = await rowOf(a.id);
    expect(Math.abs(issued.inviteTokenExpiresAt!.getTime() - (Date.now() + SIGN_IN_LINK_LIFETIME_MS))).toBeLessThan(60_000);
    expect(SIGN_IN_LINK_LIFETIME_MS).toBe(60 * 60 * 1000);

    await api.db.update(affiliates).set({ inviteTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(affiliates.id, a.id));
    const before = await rowOf(a.id);
    expect(await failure(anonymous().acceptInvite({ token: tokenIn(mail.body)!, password: 'late-pass' }))).toEqual({ status: 404, error: 'link_not_found' });
    expect(await rowOf(a.id)).toEqual(before);
    expect(await authenticateAffiliateLogin(api.db, 'late@example.com', 'late-pass')).toBeNull();
    expect((await authenticateAffiliateLogin(api.db, 'late@example.com', 'first-pass'))?.id).toBe(a.id);

    // a fresh link works, and using it clears the token and its expiry
    await requestLink('late@example.com');
    const fresh = (await linkMails('late@example.com')).find((m) => m.id !== mail.id)!;
    await anonymous().acceptInvite({ token: tokenIn(fresh.body)!, password: 'fresh-pass' });
    expect((await authenticateAffiliateLogin(api.db, 'late@example.com', 'fresh-pass'))?.id).toBe(a.id);
    expect(await rowOf(a.id)).toMatchObject({ inviteTokenHash: null, inviteTokenExpiresAt: null });
  });

  it('answers an unknown e-mail exactly the same and queues nothing', async () => {
    await affiliate('someone@example.com', { password: 'first-pass' });
    const before = await allMails();
    const known = await requestLink('someone@example.com');
    const unknown = await requestLink('nobody@example.com');
    expect(unknown).toEqual(known);
    expect(await allMails()).toBe(before + 1);
    expect(await linkMails('nobody@example.com')).toHaveLength(0);
  });

  it('sends nothing to suspended or rejected affiliates and leaves their accounts as they were', async () => {
    const suspended = await affiliate('suspended@example.com', { password: 'first-pass', status: 'suspended' });
    const rejected = await affiliate('rejected@example.com', { status: 'rejected' });
    const hashes = [await tokenHashOf(suspended.id), await tokenHashOf(rejected.id)];
    const before = await allMails();
    expect(await requestLink('suspended@example.com')).toEqual({ ok: true });
    expect(await requestLink('rejected@example.com')).toEqual({ ok: true });
    expect(await allMails()).toBe(before);
    expect([await tokenHashOf(suspended.id), await tokenHashOf(rejected.id)]).toEqual(hashes);
  });

  it('a pending invitee gets a link that sets its first password and replaces the invitation link', async () => {
    const p = await affiliate('pending@example.com', { status: 'pending' });
    await requestLink('pending@example.com');
    const [mail] = await linkMails('pending@example.com');
    expect(await failure(anonymous().acceptInvite({ token: p.inviteToken, password: 'invite-pass' }))).toMatchObject({ status: 404 });
    await anonymous().acceptInvite({ token: tokenIn(mail.body)!, password: 'linked-pass' });
    expect((await authenticateAffiliateLogin(api.db, 'pending@example.com', 'linked-pass'))?.id).toBe(p.id);
  });

  it('one e-mail in two workspaces: each account gets its own link, which sets only that account', async () => {
    const one = await affiliate('twice@example.com', { password: 'pass-one-1' });
    const two = await affiliate('twice@example.com', { password: 'pass-two-2' });
    await requestLink('twice@example.com');
    const mails = await linkMails('twice@example.com');
    expect(mails.map((m) => m.workspaceId).sort()).toEqual([one.ws.id, two.ws.id].sort());
    const forTwo = mails.find((m) => m.workspaceId === two.ws.id)!;
    await anonymous().acceptInvite({ token: tokenIn(forTwo.body)!, password: 'pass-two-new' });
    expect((await authenticateAffiliateLogin(api.db, 'twice@example.com', 'pass-two-new'))?.id).toBe(two.id);
    expect((await authenticateAffiliateLogin(api.db, 'twice@example.com', 'pass-one-1'))?.id).toBe(one.id);
  });

  it('is rate-limited per e-mail address, known or not, without queueing more', async () => {
    await affiliate('busy@example.com', { password: 'first-pass' });
    for (let i = 0; i < SIGN_IN_LINKS_PER_MINUTE; i++) await requestLink('busy@example.com');
    expect(await failure(requestLink('Busy@example.com'))).toEqual({ status: 429, error: 'rate_limited' });
    expect(await linkMails('busy@example.com')).toHaveLength(SIGN_IN_LINKS_PER_MINUTE);
    for (let i = 0; i < SIGN_IN_LINKS_PER_MINUTE; i++) await requestLink('ghost@example.com');
    expect(await failure(requestLink('ghost@example.com'))).toEqual({ status: 429, error: 'rate_limited' });
    expect(await requestLink('other@example.com')).toEqual({ ok: true });
  });

  it('one inbox has one budget however the address is spelled', async () => {
    for (let i = 0; i < SIGN_IN_LINKS_PER_MINUTE; i++) await requestLink(`inbox.spelled+${i}@gmail.com`);
    expect(await failure(requestLink('InboxSpelled@googlemail.com'))).toEqual({ status: 429, error: 'rate_limited' });
  });

  it('one client address gets a few links an hour for any e-mails, then 429 with Retry-After', async () => {
    const from = (ip: string, email: string) => caller(ip).portal.requestSignInLink({ email });
    for (let i = 0; i < SIGN_IN_LINKS_PER_CLIENT_PER_HOUR; i++) expect(await from('192.0.2.44', `spray${i}@example.com`)).toEqual({ ok: true });
    const refused = await from('192.0.2.44', 'spray-over@example.com').then(() => null, (e: unknown) => toApiError(e, undefined, 'test'));
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(Number(refused!.headers['Retry-After'])).toBeGreaterThan(60);
    expect(await from('192.0.2.45', 'spray-over@example.com')).toEqual({ ok: true });
    await signInLinksWritten();
  });

  it('answers a known and an unknown e-mail before looking either up, then writes the link', async () => {
    const a = await affiliate('held@example.com', { password: 'first-pass' });
    // A transaction holds the affiliate's row (and, on the embedded database, the only connection):
    // an answer that waited for the lookup or the token write would wait for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = api.db.transaction(async (tx) => {
      await tx.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, a.id)).for('update');
      locked();
      await held;
    });
    await isLocked;
    const asked = Promise.all([anonymous().requestSignInLink({ email: 'held@example.com' }), anonymous().requestSignInLink({ email: 'unheld@example.com' })]);
    const answers = await Promise.race([asked, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))]);
    release();
    await lock;
    await asked;
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    await signInLinksWritten();
    expect(await linkMails('held@example.com')).toHaveLength(1);
    expect(await linkMails('unheld@example.com')).toHaveLength(0);
  });

  it('tells a caller to come back when too many links are still being written, instead of queueing more', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Nothing can read affiliates while this runs: every link in the making waits behind it.
    const lock = api.db.transaction(async (tx) => {
      await tx.execute(sql`lock table affiliates in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const answers = [];
    for (let i = 0; i <= MAX_SIGN_IN_LINKS_WRITING; i++) {
      answers.push(await anonymous().requestSignInLink({ email: `burst-${i}@example.com` }).catch((err: unknown) => toApiError(err, undefined, 'test').body));
    }
    release();
    await lock;
    await signInLinksWritten();
    expect(answers.slice(0, MAX_SIGN_IN_LINKS_WRITING).every((a) => JSON.stringify(a) === '{"ok":true}')).toBe(true);
    expect(answers[MAX_SIGN_IN_LINKS_WRITING]).toMatchObject({ error: 'rate_limited' });
    expect(await anonymous().requestSignInLink({ email: 'after-burst@example.com' })).toEqual({ ok: true });
    await signInLinksWritten();
  });

  it('refuses a malformed e-mail with 400 and queues nothing', async () => {
    const before = await allMails();
    const input = { email: 'not-an-email' };
    expect(await failure(anonymous().requestSignInLink(input), input)).toEqual({ status: 400, error: 'invalid_request' });
    expect(await allMails()).toBe(before);
  });
});
