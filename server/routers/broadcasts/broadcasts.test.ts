import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, emailUnsubscribes } from '@/db/schema';
import { deliverOutbox } from '../../domain/mail/deliver-outbox';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram } from '../../testing/program';
import { startSmtp } from '../../testing/smtp';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refs.example.com' });
});
afterAll(() => api.close());

describe('POST /v1/broadcasts', () => {
  it('reaches only the active, subscribed affiliates of the campaign, and logs the sends', async () => {
    const p = await startProgram(api, { prefix: 'bc' });
    const post = async (path: string, body: unknown) => (await api.call('POST', path, { token: p.token, body })).body.data;
    const other = await post('/v1/campaigns', { name: 'Other', destination_url: 'https://other.example.com' });
    await post('/v1/affiliates', { email: 'elsewhere@example.com', name: 'E', ref_code: 'bcelse', status: 'active', campaign_id: other.id });
    await post('/v1/affiliates', { email: 'waiting@example.com', name: 'W', ref_code: 'bcwait', status: 'pending', campaign_id: p.campaign.id });
    await api.db.insert(emailUnsubscribes).values({ workspaceId: p.ws.id, affiliateId: p.b.id });

    const res = await api.call('POST', '/v1/broadcasts', { token: p.token, body: { subject: 'News for {{affiliate.name}}', text: 'Hello {{affiliate.name}}, new banners are in {{portal_url}}.', campaign_id: p.campaign.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'broadcast', data: { campaign_id: p.campaign.id, recipients: 1, queued: 1, sent: 0, failed: 0 } });
    const rows = await api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, p.ws.id), eq(emailOutbox.kind, 'broadcast')));
    expect(rows.map((r) => [r.to, r.subject, r.broadcastId])).toEqual([['bca@example.com', 'News for A', res.body.data.id]]);
    expect(rows[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const all = await api.call('POST', '/v1/broadcasts', { token: p.token, body: { subject: 'Everyone', text: 'Hi all' } });
    expect(all.body.data).toMatchObject({ campaign_id: null, recipients: 2 });

    const smtp = await startSmtp();
    try {
      await deliverOutbox({ db: api.db, smtpUrl: smtp.url });
      expect(smtp.received.filter((m) => m.subject === 'News for A').map((m) => m.to)).toEqual([['bca@example.com']]);
    } finally {
      await smtp.close();
    }
    const log = await api.call('GET', '/v1/broadcasts', { token: p.token });
    expect(log.status).toBe(200);
    expect(log.body.data.map((b: { subject: string; recipients: number; sent: number; queued: number }) => [b.subject, b.recipients, b.sent, b.queued])).toEqual([
      ['Everyone', 2, 2, 0],
      ['News for {{affiliate.name}}', 1, 1, 0],
    ]);
  });

  it('refuses an unknown campaign, an unknown variable and unbounded text', async () => {
    const ws = await api.workspace(['*']);
    const send = (body: unknown) => api.call('POST', '/v1/broadcasts', { token: ws.token, body });
    const unknown = await send({ subject: 'x', text: 'y', campaign_id: '0190a000-0000-7000-8000-00000000dead' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('unknown_resource');
    const variable = await send({ subject: 'x', text: 'Your {{commission.amount}}' });
    expect(variable.status).toBe(400);
    expect(variable.body.detail).toContain('{{commission.amount}}');
    expect((await send({ subject: 'x', text: 'y'.repeat(10_001) })).status).toBe(400);
    expect((await send({ subject: '', text: 'y' })).status).toBe(400);
    const read = await api.workspace(['read']);
    expect((await api.call('POST', '/v1/broadcasts', { token: read.token, body: { subject: 'x', text: 'y' } })).status).toBe(403);
  });
});
