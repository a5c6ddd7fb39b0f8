import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '@/db/schema';
import { authenticateUser, createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { dashboardCaller, failure } from '../../testing/session-caller';
import { SIGN_IN_LINKS_PER_CLIENT_PER_HOUR } from '../../auth/sign-in-link-limit';
import { createRequestContext } from '../../trpc/context';
import { createCallerFactory } from '../../trpc/init';
import { appRouter } from '../root';

// A manager who forgot the password: the affiliate portal's sign-in link flow, for the dashboard.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refcount.example.com' });
});
afterAll(() => api.close());

const anon = () => dashboardCaller(api, null).team;
const tokenIn = (body: string) => /\/reset-password\?token=([\w-]+)/.exec(body)![1];
const mailsTo = (to: string) => api.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'manager_password_reset'), eq(emailOutbox.to, to))).orderBy(emailOutbox.id);

async function manager(email: string) {
  const ws = await api.workspace();
  return createUser(api.db, { email, password: 'old-password', workspaceId: ws.id });
}

/** The dashboard as a visitor at `clientIp` reaches it. */
const from = (clientIp: string) =>
  createCallerFactory(appRouter)(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', clientIp })).team;

describe('manager password reset', () => {
  it('one client address (an IPv6 /64) asks for a few resets an hour for any e-mails, then 429', async () => {
    for (let i = 0; i < SIGN_IN_LINKS_PER_CLIENT_PER_HOUR; i++) {
      expect(await from(`2001:db8:7::${i + 1}`).requestPasswordReset({ email: `spray${i}@example.com` })).toEqual({ ok: true });
    }
    expect(await failure(from('2001:db8:7::ffff').requestPasswordReset({ email: 'spray-over@example.com' }))).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(await from('2001:db8:8::1').requestPasswordReset({ email: 'spray-over@example.com' })).toEqual({ ok: true });
  });

  it('e-mails a one-time link; it sets a new password once; the old one works until then', async () => {
    await manager('pat@example.com');
    expect(await anon().requestPasswordReset({ email: 'PAT@example.com' })).toEqual({ ok: true });
    const [mail] = await mailsTo('pat@example.com');
    expect(mail.body).toContain('https://refcount.example.com/reset-password?token=');
    const token = tokenIn(mail.body);
    expect(await authenticateUser(api.db, 'pat@example.com', 'old-password')).not.toBeNull();
    const stored = (await api.db.select().from(users).where(eq(users.email, 'pat@example.com')))[0];
    expect(stored.resetTokenHash).not.toContain(token);
    expect(await anon().resetPassword({ token, password: 'new-password' })).toEqual({ email: 'pat@example.com' });
    expect(await authenticateUser(api.db, 'pat@example.com', 'new-password')).not.toBeNull();
    expect(await authenticateUser(api.db, 'pat@example.com', 'old-password')).toBeNull();
    expect(await failure(anon().resetPassword({ token, password: 'third-password' }))).toEqual({ status: 404, error: 'link_not_found' });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    expect(await anon().requestPasswordReset({ email: 'nobody@example.com' })).toEqual({ ok: true });
    expect(await mailsTo('nobody@example.com')).toEqual([]);
  });

  it('an expired link is refused like a used one and changes nothing; a short password too', async () => {
    const user = await manager('late@example.com');
    await anon().requestPasswordReset({ email: 'late@example.com' });
    const token = tokenIn((await mailsTo('late@example.com'))[0].body);
    const input = { token, password: 'short' };
    expect(await failure(anon().resetPassword(input), input)).toMatchObject({ status: 400 });
    await api.db.update(users).set({ resetTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    expect(await failure(anon().resetPassword({ token, password: 'new-password' }))).toEqual({ status: 404, error: 'link_not_found' });
    expect(await authenticateUser(api.db, 'late@example.com', 'old-password')).not.toBeNull();
  });

  it('a newer link replaces the older one', async () => {
    await manager('twice@example.com');
    await anon().requestPasswordReset({ email: 'twice@example.com' });
    await anon().requestPasswordReset({ email: 'twice@example.com' });
    const [first, second] = (await mailsTo('twice@example.com')).map((m) => tokenIn(m.body));
    expect(await failure(anon().resetPassword({ token: first, password: 'new-password' }))).toMatchObject({ status: 404 });
    await anon().resetPassword({ token: second, password: 'new-password' });
    expect(await authenticateUser(api.db, 'twice@example.com', 'new-password')).not.toBeNull();
  });
});
