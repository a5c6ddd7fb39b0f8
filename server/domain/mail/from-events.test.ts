import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { startSmtp } from '../../testing/smtp';
import { unsubscribePost } from '../../browser/unsubscribe';
import { emitEvent } from '../events/emit-event';
import { deliverOutbox } from './deliver-outbox';
import { mailFromEvents } from './from-events';
import { signUnsubscribeToken } from './unsubscribe-token';

const PUBLIC = 'https://refs.example.com';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: PUBLIC });
});
afterAll(() => api.close());

const run = () => mailFromEvents({ db: api.db, publicUrl: PUBLIC, settleSeconds: 0 });
const mailOf = (p: Program) =>
  api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, p.ws.id))).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
const kinds = async (p: Program) => (await mailOf(p)).filter((m) => m.kind !== 'affiliate_invitation').map((m) => `${m.kind} ${m.to}`);
const call = async (p: Program, method: string, path: string, body?: unknown) => {
  const res = await api.call(method, path, { token: p.token, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
};
const payoutEvent = (p: Program, type: 'payout.sent' | 'payout.paid' | 'payout.failed', id: string, failure: string | null = null) =>
  emitEvent({
    ctx: { db: api.db, workspaceId: p.ws.id },
    type,
    object: 'payout',
    record: { id, affiliate_id: p.a.id, amount: 12_000, currency: 'usd', status: type === 'payout.failed' ? 'failed' : 'paid', failure_reason: failure },
  });
const PAYOUT = '0190a000-0000-7000-8000-000000000001';

describe('affiliate e-mails from events', () => {
  it('makes each kind from its event, once however often the job runs', async () => {
    const p = await startProgram(api, { prefix: 'ev' });
    await run(); // the program's own setup (two affiliates created active) mails nothing
    expect(await kinds(p)).toEqual([]);

    const pending = await call(p, 'POST', '/v1/affiliates', { email: 'newbie@example.com', name: 'New <b>Bie</b>', ref_code: 'newbie', status: 'pending', campaign_id: p.campaign.id });
    await call(p, 'PATCH', `/v1/affiliates/${pending.id}`, { status: 'active' });
    const conversion = await p.sale('ev-1', 10_000);
    const [commission] = await p.ledger(conversion);
    await call(p, 'PATCH', `/v1/commissions/${commission.id}`, { status: 'approved' });
    await payoutEvent(p, 'payout.sent', PAYOUT);
    await payoutEvent(p, 'payout.paid', PAYOUT); // the same payout: one e-mail
    await payoutEvent(p, 'payout.failed', PAYOUT, 'the bank refused it');
    await emitEvent({ ctx: { db: api.db, workspaceId: p.ws.id }, type: 'commission.created', object: 'commission', record: { id: '0190a000-0000-7000-8000-000000000002', affiliate_id: p.a.id, amount: -3000, currency: 'usd', status: 'approved' } });

    await run();
    await run();
    // an edit of an approved affiliate is no second approval
    await call(p, 'PATCH', `/v1/affiliates/${pending.id}`, { name: 'Renamed' });
    await run();
    expect(await kinds(p)).toEqual([
      'affiliate_approved newbie@example.com',
      'commission_earned eva@example.com',
      'commission_approved eva@example.com',
      'payout_sent eva@example.com',
      'payout_failed eva@example.com',
      'clawback eva@example.com',
    ]);
    const mail = await mailOf(p);
    const byKind = (k: string) => mail.find((m) => m.kind === k)!;
    const approved = byKind('affiliate_approved');
    expect(approved.subject).toBe('You are in: welcome to the Test workspace affiliate program');
    expect(approved.body).toContain('Hello New <b>Bie</b>,');
    expect(approved.body).toContain('https://shop.example.com/?ref=newbie');
    expect(approved.body).toMatch(new RegExp(`${PUBLIC}/portal/login\\?program=\\w+`)); // the sign-in page in the program's brand
    expect(approved.html).toContain('Hello New &lt;b&gt;Bie&lt;/b&gt;,');
    expect(approved.headers).toBeNull(); // transactional: no unsubscribe
    expect(byKind('commission_earned').subject).toBe('You earned $30.00 with Test workspace');
    expect(byKind('payout_failed').body).toContain('Your payout of $120.00 could not be sent: the bank refused it');
    expect(byKind('clawback').body).toContain('$30.00 is taken back');
    expect(byKind('commission_approved').headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC}/unsubscribe?t=${encodeURIComponent(signUnsubscribeToken(p.ws.id, p.a.id))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sends no disabled kind, and no optional one to an unsubscribed affiliate', async () => {
    const p = await startProgram(api, { prefix: 'un' });
    await run();
    await call(p, 'PATCH', '/v1/email-templates/commission_earned', { enabled: false });
    await p.sale('un-1', 10_000);
    await run();
    expect(await kinds(p)).toEqual([]);

    const res = await unsubscribePost(api.db, new Request(`${PUBLIC}/unsubscribe?t=${encodeURIComponent(signUnsubscribeToken(p.ws.id, p.a.id))}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
    expect(res.status).toBe(200);
    await call(p, 'PATCH', '/v1/email-templates/commission_earned', { enabled: true });
    await p.sale('un-2', 10_000);
    await payoutEvent(p, 'payout.sent', '0190a000-0000-7000-8000-000000000003');
    await payoutEvent(p, 'payout.failed', '0190a000-0000-7000-8000-000000000003', 'no account');
    await run();
    // transactional mail still reaches it
    expect(await kinds(p)).toEqual(['payout_failed una@example.com']);
  });

  it('reaches a real SMTP server with the HTML part and the one-click unsubscribe headers', async () => {
    const p = await startProgram(api, { prefix: 'sm', settings: { program_name: 'Acme Partners', brand_color: '#ff0000', logo_url: 'https://cdn.example.com/logo.png' } });
    await run();
    await p.sale('sm-1', 10_000);
    await run();
    const smtp = await startSmtp();
    try {
      // other tests' workspaces have mail queued too: only this program's counts here
      await deliverOutbox({ db: api.db, smtpUrl: smtp.url });
      const message = smtp.received.find((m) => m.to[0] === 'sma@example.com')!;
      expect(message.subject).toBe('You earned $30.00 with Acme Partners');
      expect(message.text).toContain('A sale you referred earned you a commission of $30.00.');
      expect(message.text).toContain(`Stop these e-mails: ${PUBLIC}/unsubscribe?t=`);
      expect(message.html).toContain('background:#ff0000');
      expect(message.html).toContain('<img src="https://cdn.example.com/logo.png"');
      expect(message.headers['list-unsubscribe']).toMatch(new RegExp(`^<${PUBLIC}/unsubscribe\\?t=`));
      expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect((await mailOf(p)).map((m) => m.status)).toEqual(['sent']);
    } finally {
      await smtp.close();
    }
  });

  it('does not mail events from before the workspace’s cursor started', async () => {
    const p = await startProgram(api, { prefix: 'old' });
    // A cursor moved past the events (as the migration does for workspaces that existed before)
    await run();
    await p.sale('old-1', 10_000);
    await api.db.execute(sql`update email_event_cursors set after_created_at = now() + interval '1 minute' where workspace_id = ${p.ws.id}`);
    await run();
    expect(await kinds(p)).toEqual([]);
  });
});
