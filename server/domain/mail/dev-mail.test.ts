import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../lib/env';
import { startTestApi, type TestApi } from '../../testing/api';
import { deliverOutbox } from './deliver-outbox';
import { queueEmail } from './outbox';
import { devMailEnabled, recentMail } from './dev-mail';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('the development mail viewer and link log', () => {
  it('is on only in development without SMTP (/dev/mail answers 404 otherwise)', () => {
    expect(devMailEnabled(readConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(devMailEnabled(readConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://localhost:1025' }))).toBe(false);
    expect(devMailEnabled(readConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(devMailEnabled(readConfig({ NODE_ENV: 'test' }))).toBe(false);
  });

  it('lists the newest messages with their links, and logs the links only when asked', async () => {
    const ws = await api.workspace();
    const link = 'http://localhost:3000/portal/accept?token=abc123';
    await queueEmail(api.db, { workspaceId: ws.id, kind: 'portal_sign_in_link', to: 'dev@example.com', subject: 'Your sign-in link', body: `Sign in here:\n\n${link}\n` });
    const [newest] = await recentMail(api.db, 5);
    expect(newest).toMatchObject({ to: 'dev@example.com', subject: 'Your sign-in link', links: [link] });

    const lines: [string, Record<string, unknown>][] = [];
    await deliverOutbox({ db: api.db, log: (event, fields) => lines.push([event, fields]), logLinks: true });
    expect(lines).toContainEqual(['mail.link', { to: 'dev@example.com', kind: 'portal_sign_in_link', link }]);

    await queueEmail(api.db, { workspaceId: ws.id, kind: 'portal_sign_in_link', to: 'prod@example.com', subject: 'Your sign-in link', body: `${link}\n` });
    const quiet: string[] = [];
    await deliverOutbox({ db: api.db, log: (event, fields) => quiet.push(`${event} ${JSON.stringify(fields)}`) });
    expect(quiet.some((l) => l.includes('prod@example.com'))).toBe(true);
    expect(quiet.some((l) => l.includes('token=abc123'))).toBe(false);
  });
});
