import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, emailOutbox } from '@/db/schema';
import { hashToken } from '../../auth/tokens';
import { startTestApi, type TestApi } from '../../testing/api';
import { startSmtp } from '../../testing/smtp';
import { deliverOutbox } from './deliver-outbox';

const tokenIn = (text: string) => /\/portal\/accept\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refs.example.com' });
  ws = await api.workspace(['write'], 'Globex');
});
afterAll(() => api.close());

const invite = async (email: string, name?: string) => {
  const res = await api.call('POST', '/v1/affiliates/invite', { token: ws.token, body: { email, name } });
  expect(res.status).toBe(201);
  return res.body.data.affiliate_id as string;
};
const outboxOf = async (to: string[]) => api.db.select().from(emailOutbox).where(inArray(emailOutbox.to, to));

describe('deliverOutbox', () => {
  it('sends queued invitations through SMTP once, with the accept link of each affiliate', async () => {
    const smtp = await startSmtp();
    try {
      const ids = [await invite('ann@example.com', 'Ann'), await invite('bob@example.com')];
      const report = await deliverOutbox({ db: api.db, smtpUrl: smtp.url, from: 'Globex <partners@globex.example>' });
      expect(report).toEqual({ sent: 2, logged: 0, failed: 0, more: false });
      expect(smtp.received.map((m) => m.to)).toEqual([['ann@example.com'], ['bob@example.com']]);
      for (const [i, message] of smtp.received.entries()) {
        expect(message.subject).toBe('You are invited to the Globex affiliate program');
        expect(message.text).toContain('https://refs.example.com/portal/accept?token=');
        const [row] = await api.db.select().from(affiliates).where(eq(affiliates.id, ids[i]));
        expect(hashToken(tokenIn(message.text)!)).toBe(row.inviteTokenHash);
      }
      expect(smtp.received[0].text).toMatch(/^Hello Ann,/);
      const rows = await outboxOf(['ann@example.com', 'bob@example.com']);
      expect(rows.map((r) => [r.status, r.attempts, r.error])).toEqual([
        ['sent', 1, null],
        ['sent', 1, null],
      ]);
      expect(rows.every((r) => r.sentAt instanceof Date)).toBe(true);
      // delivered: the token is gone from the stored copy, the rest of the message stays
      for (const r of rows) {
        expect(r.body).toContain('/portal/accept?token=[redacted]');
        expect(tokenIn(r.body)).toBeUndefined();
      }

      expect(await deliverOutbox({ db: api.db, smtpUrl: smtp.url })).toEqual({ sent: 0, logged: 0, failed: 0, more: false });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('without SMTP_URL marks messages logged and never logs the token', async () => {
    await invite('carl@example.com');
    const lines: string[] = [];
    const report = await deliverOutbox({ db: api.db, log: (event, fields) => lines.push(JSON.stringify({ event, ...fields })) });
    expect(report).toEqual({ sent: 0, logged: 1, failed: 0, more: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('carl@example.com');
    const [row] = await outboxOf(['carl@example.com']);
    expect(row).toMatchObject({ status: 'logged', attempts: 1 });
    expect(lines[0]).not.toContain(tokenIn(row.body)!);
    expect(lines[0]).not.toContain('token=');
  });

  it('marks a refused message failed, waits out the backoff, then retries it', async () => {
    const refusing = await startSmtp({ refuse: true });
    const lines: string[] = [];
    try {
      await invite('dora@example.com');
      const report = await deliverOutbox({ db: api.db, smtpUrl: refusing.url, log: (event) => lines.push(event) });
      expect(report).toEqual({ sent: 0, logged: 0, failed: 1, more: false });
      expect(lines).toEqual(['mail.failed']);
      const [row] = await outboxOf(['dora@example.com']);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(row.error).toMatch(/550|mailbox unavailable/);
      expect(await deliverOutbox({ db: api.db, smtpUrl: refusing.url })).toEqual({ sent: 0, logged: 0, failed: 0, more: false });
    } finally {
      await refusing.close();
    }
    const [failed] = await outboxOf(['dora@example.com']);
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Let the one-minute backoff pass.
    await api.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.to, 'dora@example.com'));
    const smtp = await startSmtp();
    try {
      expect(await deliverOutbox({ db: api.db, smtpUrl: smtp.url })).toEqual({ sent: 1, logged: 0, failed: 0, more: false });
      expect(smtp.received.map((m) => m.to)).toEqual([['dora@example.com']]);
      const [row] = await outboxOf(['dora@example.com']);
      expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null, nextAttemptAt: null });
    } finally {
      await smtp.close();
    }
  });

  it("retries a dead worker's claim only after its lease, and gives up after five attempts", async () => {
    await invite('eve@example.com');
    await invite('finn@example.com');
    const inFuture = new Date(Date.now() + 60_000);
    const past = new Date(Date.now() - 1000);
    // eve: claimed by a worker that died mid-send; finn: failed for the fifth time.
    await api.db.update(emailOutbox).set({ attempts: 1, nextAttemptAt: inFuture }).where(eq(emailOutbox.to, 'eve@example.com'));
    await api.db.update(emailOutbox).set({ status: 'failed', attempts: 5, nextAttemptAt: past }).where(eq(emailOutbox.to, 'finn@example.com'));
    const smtp = await startSmtp();
    try {
      expect(await deliverOutbox({ db: api.db, smtpUrl: smtp.url })).toEqual({ sent: 0, logged: 0, failed: 0, more: false });
      await api.db.update(emailOutbox).set({ nextAttemptAt: past }).where(eq(emailOutbox.to, 'eve@example.com'));
      expect(await deliverOutbox({ db: api.db, smtpUrl: smtp.url })).toEqual({ sent: 1, logged: 0, failed: 0, more: false });
      expect(smtp.received.map((m) => m.to)).toEqual([['eve@example.com']]);
      const rows = await outboxOf(['eve@example.com', 'finn@example.com']);
      expect(rows.map((r) => [r.to, r.status, r.attempts]).sort()).toEqual([
        ['eve@example.com', 'sent', 2],
        ['finn@example.com', 'failed', 5],
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('two workers running at once send each message once', async () => {
    const smtp = await startSmtp();
    try {
      const emails = Array.from({ length: 8 }, (_, i) => `w${i}@example.com`);
      for (const email of emails) await invite(email);
      const reports = await Promise.all([
        deliverOutbox({ db: api.db, smtpUrl: smtp.url }),
        deliverOutbox({ db: api.db, smtpUrl: smtp.url }),
      ]);
      expect(reports[0].sent + reports[1].sent).toBe(8);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
      const rows = await outboxOf(emails);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });
  it('redacts every token in the stored copy, whatever letters it holds', async () => {
    const smtp = await startSmtp();
    try {
      const [ws2] = await api.db.select({ id: affiliates.workspaceId }).from(affiliates).limit(1);
      // Tokens starting with or containing 's' once escaped the pattern.
      const body = 'a https://x.example/portal/accept?token=sAbC-s_1 b https://x.example/portal/accept?token=QsRs2&x=1';
      await api.db.insert(emailOutbox).values({ workspaceId: ws2.id, kind: 'test', to: 'redaction@example.com', subject: 's', body });
      await deliverOutbox({ db: api.db, smtpUrl: smtp.url });
      expect(smtp.received.find((m) => m.to.includes('redaction@example.com'))!.text).toContain('token=sAbC-s_1');
      const [row] = await outboxOf(['redaction@example.com']);
      expect(row.body).toBe('a https://x.example/portal/accept?token=[redacted] b https://x.example/portal/accept?token=[redacted]&x=1');
    } finally {
      await smtp.close();
    }
  });
});
