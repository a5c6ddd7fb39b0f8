import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, auditEvents, webhookEvents } from '@/db/schema';
import { openEmbed } from '../../domain/embed/open-embed';
import { startTestApi, type TestApi } from '../../testing/api';

// POST /v1/embed-tokens over the real /v1 (docs/embedded-referrals.md#the-token): find or make the
// merchant's user an affiliate, once per tenant id, and sign a token its page opens.

// The install's key material; a server gets it from ensureAuthSecret.
process.env.NEXTAUTH_SECRET ??= 'test-install-secret-material';

const ORIGIN = 'https://app.example.com';
let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let campaignId: string;

async function program(settings: Record<string, unknown> = { embed_origins: [ORIGIN] }) {
  const w = await api.workspace(['*']);
  const res = await api.call('PATCH', '/v1/settings', { token: w.token, body: settings });
  expect(res.status).toBe(200);
  return w;
}
const issue = (body: unknown, token = ws.token) => api.call('POST', '/v1/embed-tokens', { token, body });
const rowsOf = (workspaceId: string) => api.db.select().from(affiliates).where(eq(affiliates.workspaceId, workspaceId));
const created = (workspaceId: string, id: string) =>
  api.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'affiliate.created')))
    .then((rows) => rows.filter((r) => (r.payload as { data: { id: string } }).data.id === id));

beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refs.example.com' });
  ws = await program();
  campaignId = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main' } })).body.data.id;
});
afterAll(() => api.close());

describe('POST /v1/embed-tokens', () => {
  it('makes a new tenant an affiliate (201) and signs a token its page opens', async () => {
    const res = await issue({ tenant_id: 'user_1', email: 'Ada@Example.com', name: 'Ada Lovelace' });
    expect(res.status).toBe(201);
    const { data } = res.body;
    expect(res.body.object).toBe('embed_token');
    expect(data).toMatchObject({ origin: ORIGIN, affiliate_status: 'pending', created: true });
    expect(data.token).toMatch(/^refe_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(data.url).toBe(`https://refs.example.com/embed/referrals?token=${data.token}`);
    const expires = Date.parse(data.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(3590_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3600_000);
    const [row] = (await rowsOf(ws.id)).filter((r) => r.id === data.affiliate_id);
    expect(row).toMatchObject({ tenantId: 'user_1', email: 'Ada@Example.com', name: 'Ada Lovelace', refCode: 'ada-lovelace', status: 'pending', campaignId });
    expect(await created(ws.id, row.id)).toHaveLength(1);
    expect(await openEmbed(api.db, data.token)).toEqual({
      workspaceId: ws.id,
      affiliateId: row.id,
      origin: ORIGIN,
      options: { hide_earnings: false, hide_payouts: false, theme: 'light', strings: {} },
    });
  });

  it('finds the same affiliate for the same tenant (200), with a new token and no new event', async () => {
    const first = await issue({ tenant_id: 'user_2', name: 'Grace' });
    // A second later, so the token (its expiry is in whole seconds) differs.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await issue({ tenant_id: 'user_2', email: 'ignored@example.com', name: 'Ignored' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ affiliate_id: first.body.data.affiliate_id, created: false });
    expect(again.body.data.token).not.toBe(first.body.data.token);
    const rows = (await rowsOf(ws.id)).filter((r) => r.tenantId === 'user_2');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace', email: null });
    expect(await created(ws.id, rows[0].id)).toHaveLength(1);
    expect(await openEmbed(api.db, first.body.data.token)).not.toBeNull();
    expect(await openEmbed(api.db, again.body.data.token)).not.toBeNull();
  });

  it('racing first requests for one tenant make one affiliate', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => issue({ tenant_id: 'user_race', email: `race${i}@example.com` })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.data.affiliate_id)).size).toBe(1);
    expect((await rowsOf(ws.id)).filter((r) => r.tenantId === 'user_race')).toHaveLength(1);
  });

  it('racing first requests by e-mail alone make one affiliate too', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => issue({ email: 'solo@example.com' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.data.affiliate_id)).size).toBe(1);
  });

  it('an affiliate found by e-mail takes the tenant id (audited); later the tenant id alone finds it', async () => {
    const made = await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'linus@example.com', status: 'active' } });
    const res = await issue({ tenant_id: 'user_linus', email: 'LINUS@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ affiliate_id: made.body.data.id, affiliate_status: 'active', created: false });
    expect((await issue({ tenant_id: 'user_linus' })).body.data.affiliate_id).toBe(made.body.data.id);
    const audit = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.targetId, made.body.data.id)));
    expect(audit.map((a) => [a.action, a.changes])).toContainEqual(['affiliate.updated', { before: { tenant_id: null }, after: { tenant_id: 'user_linus' } }]);
  });

  it("an e-mail whose affiliate has another tenant id is 409, and changes nothing", async () => {
    await issue({ tenant_id: 'user_a', email: 'shared@example.com' });
    const before = await rowsOf(ws.id);
    const res = await issue({ tenant_id: 'user_b', email: 'shared@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
    expect(res.body.detail).toMatch(/another tenant_id/);
    expect(await rowsOf(ws.id)).toEqual(before);
  });

  it('a new affiliate is active when the program approves automatically, pending otherwise', async () => {
    const auto = await program({ embed_origins: [ORIGIN], auto_approve_affiliates: true });
    const res = await issue({ tenant_id: 'u' }, auto.token);
    expect(res.status).toBe(201);
    expect(res.body.data.affiliate_status).toBe('active');
    const [row] = await rowsOf(auto.id);
    expect(row).toMatchObject({ status: 'active', tenantId: 'u', refCode: 'affiliate' });
    expect(row.approvedAt).not.toBeNull();
    expect((await issue({ tenant_id: 'u' })).body.data.affiliate_status).toBe('pending');
  });

  it('joins the campaign asked for; an unknown campaign is 404 unknown_resource', async () => {
    const other = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Other' } })).body.data.id;
    const res = await issue({ tenant_id: 'user_camp', campaign_id: other });
    expect((await rowsOf(ws.id)).find((r) => r.id === res.body.data.affiliate_id)?.campaignId).toBe(other);
    const unknown = await issue({ tenant_id: 'user_nocamp', campaign_id: '0195a0a0-0000-7000-8000-000000000001' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('unknown_resource');
    expect((await rowsOf(ws.id)).some((r) => r.tenantId === 'user_nocamp')).toBe(false);
  });

  it('a suspended or rejected affiliate gets no token (409); a pending one does', async () => {
    const res = await issue({ tenant_id: 'user_sus' });
    const id = res.body.data.affiliate_id;
    for (const status of ['suspended', 'rejected']) {
      expect((await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status } })).status).toBe(200);
      const refused = await issue({ tenant_id: 'user_sus' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'invalid_state', detail: expect.stringMatching(status) });
    }
    await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status: 'pending' } });
    expect((await issue({ tenant_id: 'user_sus' })).status).toBe(200);
  });

  it('carries the options the page is to honour', async () => {
    const options = { hide_earnings: true, hide_payouts: true, theme: 'brand', strings: { title: 'Give 10 %, get 10 %', credit_earned: 'Credit' } };
    const res = await issue({ tenant_id: 'user_opts', options });
    expect(res.status).toBe(201);
    expect((await openEmbed(api.db, res.body.data.token))?.options).toEqual(options);
    const partial = await issue({ tenant_id: 'user_opts', options: { theme: 'dark' } });
    expect((await openEmbed(api.db, partial.body.data.token))?.options).toEqual({ hide_earnings: false, hide_payouts: false, theme: 'dark', strings: {} });
  });

  it.each([
    [{ tenant_id: 'x', options: { theme: 'pink' } }, 'options'],
    [{ tenant_id: 'x', options: { colour: 'red' } }, 'options'],
    [{ tenant_id: 'x', options: { strings: { headline: 'Hi' } } }, 'options'],
    [{ tenant_id: 'x', options: { strings: { title: 'x'.repeat(201) } } }, 'options'],
    [{ tenant_id: 'x'.repeat(129) }, 'tenant_id'],
    [{ tenant_id: 'user\u0007' }, 'tenant_id'],
    [{ tenant_id: '   ' }, 'tenant_id'],
    [{ tenant_id: 'x', origin: 'https://app.example.com/path' }, 'origin'],
    [{ tenant_id: 'x', email: 'not-an-email' }, 'email'],
    [{ tenant_id: 'x', status: 'active' }, 'status'],
  ])('refuses %j with invalid_request naming %s', async (body, field) => {
    const res = await issue(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.detail).toContain(field);
  });

  it('needs tenant_id or email', async () => {
    const res = await issue({ name: 'Nobody' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('tenant_id_required');
  });

  it('needs the write scope', async () => {
    const res = await issue({ tenant_id: 'user_read' }, await ws.keyFor(['read']));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await rowsOf(ws.id)).some((r) => r.tenantId === 'user_read')).toBe(false);
  });
});

describe('the origin a token is bound to', () => {
  it('must be one of embed_origins, matched as an origin; another is 400 naming the field', async () => {
    const two = await program({ embed_origins: [ORIGIN, 'http://localhost:3000'] });
    const res = await issue({ tenant_id: 'u', origin: 'HTTPS://App.Example.com/' }, two.token);
    expect(res.status).toBe(201);
    expect(res.body.data.origin).toBe(ORIGIN);
    expect((await issue({ tenant_id: 'u', origin: 'http://localhost:3000' }, two.token)).body.data.origin).toBe('http://localhost:3000');
    const other = await issue({ tenant_id: 'u', origin: 'https://evil.example.com' }, two.token);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: 'invalid_request', detail: expect.stringMatching(/^origin: https:\/\/evil\.example\.com is not one of/) });
  });

  it('defaults to the only one; with several it is required', async () => {
    expect((await issue({ tenant_id: 'user_default' })).body.data.origin).toBe(ORIGIN);
    const two = await program({ embed_origins: [ORIGIN, 'https://b.example.com'] });
    const res = await issue({ tenant_id: 'u' }, two.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('origin_required');
    expect(await rowsOf(two.id)).toEqual([]);
  });

  it('with none listed, says to add one in settings, and makes nobody an affiliate', async () => {
    const none = await program({});
    const res = await issue({ tenant_id: 'u' }, none.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('invalid_state');
    expect(res.body.detail).toMatch(/add your site.*Settings.*embed_origins/);
    expect(await rowsOf(none.id)).toEqual([]);
  });
});
