import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, emailOutbox, webhookEvents } from '@/db/schema';
import { openEmbed } from '../../domain/embed/open-embed';
import { startTestApi, type TestApi } from '../../testing/api';

// An embed token is a bearer pass to an affiliate's page: it goes to the caller and nowhere else
// (docs/embedded-referrals.md#the-token). Not in a log line, an audit row, a webhook event or an
// e-mail; and the answer carries no affiliate key and sets no cookie.

process.env.NEXTAUTH_SECRET ??= 'test-install-secret-material';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => api.close());

describe('an embed token goes to its caller only', () => {
  it('is in no log line, audit row, webhook event or e-mail; no key or cookie is handed out', async () => {
    const ws = await api.workspace(['*']);
    await api.call('PATCH', '/v1/settings', { token: ws.token, body: { embed_origins: ['https://app.example.com'] } });
    await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: 'https://127.0.0.1:9/hook', events: ['*'] } });
    const written: string[] = [];
    const capture = (chunk: unknown) => (written.push(String(chunk)), true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    const tokens: string[] = [];
    try {
      const answers = [
        await api.call('POST', '/v1/embed-tokens', { token: ws.token, body: { tenant_id: 'secret-1', email: 'secret@example.com', name: 'S' } }),
        await api.call('POST', '/v1/embed-tokens', { token: ws.token, body: { tenant_id: 'secret-1' } }),
        await api.call('POST', '/v1/embed-tokens', { token: ws.token, body: { email: 'other@example.com' } }),
      ];
      for (const res of answers) {
        expect(res.status).toBeLessThan(300);
        tokens.push(res.body.data.token);
        expect(JSON.stringify(res.body)).not.toMatch(/refa_live_|sa_live_/);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(tokens.every((t) => t.startsWith('refe_'))).toBe(true);
    const stored = JSON.stringify([
      await api.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws.id)),
      await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, ws.id)),
      await api.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, ws.id)),
    ]);
    // what was written is there (the affiliate's creation), and no token or part of one
    expect(stored).toContain('affiliate.created');
    for (const token of tokens) {
      const signature = token.slice(token.indexOf('.') + 1);
      expect(stored).not.toContain(signature);
      expect(written.join('')).not.toContain(signature);
    }
    expect(stored).not.toContain('refe_');
    expect(written.join('')).not.toContain('refe_');
  });

  it("a genuine token of one workspace opens nothing of another's", async () => {
    const a = await api.workspace(['*']);
    const b = await api.workspace(['*']);
    for (const w of [a, b]) await api.call('PATCH', '/v1/settings', { token: w.token, body: { embed_origins: ['https://app.example.com'] } });
    const inA = await api.call('POST', '/v1/embed-tokens', { token: a.token, body: { tenant_id: 'same-tenant' } });
    const inB = await api.call('POST', '/v1/embed-tokens', { token: b.token, body: { tenant_id: 'same-tenant' } });
    // one tenant id per workspace: the same id in two workspaces is two affiliates
    expect(inB.status).toBe(201);
    expect(inA.body.data.affiliate_id).not.toBe(inB.body.data.affiliate_id);
    expect((await openEmbed(api.db, inA.body.data.token))?.affiliateId).toBe(inA.body.data.affiliate_id);
    expect((await openEmbed(api.db, inA.body.data.token))?.workspaceId).toBe(a.id);
    expect((await openEmbed(api.db, inB.body.data.token))?.workspaceId).toBe(b.id);
  });
});
