import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, emailOutbox, webhookEvents, workspaceSettings } from '@/db/schema';
import { hashToken } from '../../auth/tokens';
import { INVITATION_LIFETIME_MS } from '../../domain/affiliates/invite-token';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let campaignId: string;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refs.example.com/' });
  ws = await api.workspace(['read', 'write'], 'Acme');
  campaignId = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main' } })).body.data.id;
});
afterAll(() => api.close());

const invite = (body: unknown, token = ws.token) => api.call('POST', '/v1/affiliates/invite', { token, body });
const rowsOf = async (workspaceId = ws.id) => ({
  affiliates: await api.db.select().from(affiliates).where(eq(affiliates.workspaceId, workspaceId)),
  mail: await api.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, workspaceId)),
  events: await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, workspaceId)),
});

describe('POST /v1/affiliates/invite', () => {
  it('creates a pending affiliate, its event and its invitation e-mail in one go', async () => {
    const res = await invite({ email: 'Ana@Example.com', name: 'Ana Lima' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      object: 'affiliate_invite',
      data: {
        affiliate_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ref_code: 'ana-lima',
        ref_code_changed: false,
        email: 'Ana@Example.com',
        status: 'pending',
        created: true,
      },
    });
    const id = res.body.data.affiliate_id;
    const [row] = await api.db.select().from(affiliates).where(eq(affiliates.id, id));
    expect(row).toMatchObject({ campaignId, status: 'pending', approvedAt: null, name: 'Ana Lima' });

    const mail = await api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, ws.id), eq(emailOutbox.to, 'Ana@Example.com')));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'affiliate_invite', status: 'queued', attempts: 0 });
    expect(mail[0].subject).toContain('Acme');
    const link = /https:\/\/refs\.example\.com\/portal\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mail[0].body);
    expect(link).not.toBeNull();
    expect(row.inviteTokenHash).toBe(hashToken(link![1]));
    // the e-mailed invitation works for 14 days, stored with the token in the same insert
    expect(Math.abs(row.inviteTokenExpiresAt!.getTime() - (Date.now() + INVITATION_LIFETIME_MS))).toBeLessThan(60_000);

    const created = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, ws.id), eq(webhookEvents.type, 'affiliate.created')));
    expect(created.map((e) => (e.payload as { data: { id: string; object: string } }).data)).toContainEqual(
      expect.objectContaining({ object: 'affiliate', id, ref_code: 'ana-lima' }),
    );
  });

  it('returns the same affiliate with 200 for the same e-mail in any case, and sends nothing more', async () => {
    const first = await invite({ email: 'bo@example.com', ref_code: 'bo-code' });
    expect(first.status).toBe(201);
    const before = await rowsOf();
    const again = await invite({ email: '  BO@EXAMPLE.com ', name: 'Other name', ref_code: 'other-code' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ...first.body.data, created: false });
    const after = await rowsOf();
    expect(after.affiliates.length).toBe(before.affiliates.length);
    expect(after.mail.length).toBe(before.mail.length);
    expect(after.events.length).toBe(before.events.length);
  });

  it('normalises ref codes and mints variants on collision', async () => {
    const a = await invite({ email: 'v1@example.com', ref_code: ' Promo ' });
    const b = await invite({ email: 'v2@example.com', ref_code: 'PROMO' });
    const c = await invite({ email: 'v3@example.com', name: 'promo' });
    expect([a, b, c].map((r) => [r.body.data.ref_code, r.body.data.ref_code_changed])).toEqual([
      ['promo', false],
      ['promo-2', true],
      ['promo-3', true],
    ]);
  });

  it('derives the code from the e-mail without a name, padding short ones', async () => {
    expect((await invite({ email: 'jane.doe+x@example.com' })).body.data.ref_code).toBe('jane-doe-x');
    expect((await invite({ email: 'jo@example.com' })).body.data.ref_code).toBe('jo0');
    expect((await invite({ email: 'x2@example.com', name: 'José Ñúñez' })).body.data.ref_code).toBe('jose-nunez');
    const long = await invite({ email: 'long@example.com', ref_code: 'a'.repeat(64) });
    const longer = await invite({ email: 'longer@example.com', ref_code: 'a'.repeat(64) });
    expect(long.body.data.ref_code).toBe('a'.repeat(64));
    expect(longer.body.data.ref_code).toBe(`${'a'.repeat(62)}-2`);
  });

  it('starts active with approved_at when the workspace auto-approves', async () => {
    const auto = await api.workspace(['write']);
    await api.db.update(workspaceSettings).set({ autoApproveAffiliates: true }).where(eq(workspaceSettings.workspaceId, auto.id));
    const res = await invite({ email: 'auto@example.com' }, auto.token);
    expect(res.body.data.status).toBe('active');
    const [row] = await api.db.select().from(affiliates).where(eq(affiliates.id, res.body.data.affiliate_id));
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.campaignId).toBeNull();
  });

  it('takes an explicit campaign of the workspace, even a paused one', async () => {
    const paused = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Paused', status: 'paused' } })).body.data.id;
    const res = await invite({ email: 'in-paused@example.com', campaign_id: paused });
    const [row] = await api.db.select().from(affiliates).where(eq(affiliates.id, res.body.data.affiliate_id));
    expect(row.campaignId).toBe(paused);
  });

  it.each([
    [{}, 400, 'email_required'],
    [{ name: 'No mail' }, 400, 'email_required'],
    [{ email: 'nope' }, 400, 'invalid_request'],
    [{ email: 'a@example.com', ref_code: 'a!' }, 400, 'invalid_request'],
    [{ email: 'a@example.com', ref_code: 'x'.repeat(65) }, 400, 'invalid_request'],
    [{ email: 'a@example.com', status: 'active' }, 400, 'invalid_request'],
    [{ email: 'a@example.com', campaign_id: '0190a0b0-0000-7000-8000-000000000000' }, 404, 'unknown_resource'],
    // An existing e-mail with a bad campaign is still refused: the reference is checked first.
    [{ email: 'bo@example.com', campaign_id: 'bogus' }, 404, 'unknown_resource'],
  ])('rejects %j with %s %s and stores nothing', async (body, status, error) => {
    const before = await rowsOf();
    const res = await invite(body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    const after = await rowsOf();
    expect([after.affiliates.length, after.mail.length, after.events.length]).toEqual([
      before.affiliates.length,
      before.mail.length,
      before.events.length,
    ]);
  });

  it('refuses another workspace campaign and broken JSON', async () => {
    const other = await api.workspace(['*']);
    const theirs = (await api.call('POST', '/v1/campaigns', { token: other.token, body: { name: 'T' } })).body.data.id;
    const res = await invite({ email: 'z@example.com', campaign_id: theirs });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('unknown_resource');
    const broken = await api.call('POST', '/v1/affiliates/invite', { token: ws.token, rawBody: '{', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_json');
  });
});

describe('invite under concurrency', () => {
  it('ten parallel invites of one e-mail create one affiliate and one e-mail', async () => {
    const race = await api.workspace(['write']);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => invite({ email: i % 2 ? 'RACE@example.com' : 'race@example.com' }, race.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.affiliate_id)).size).toBe(1);
    expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
    const rows = await rowsOf(race.id);
    expect(rows.affiliates).toHaveLength(1);
    expect(rows.mail).toHaveLength(1);
    expect(rows.events).toHaveLength(1);
  });

  it('parallel invites asking for one ref code get distinct codes', async () => {
    const race = await api.workspace(['write']);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => invite({ email: `r${i}@example.com`, ref_code: 'launch' }, race.token)),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const codes = results.map((r) => r.body.data.ref_code).sort();
    expect(codes).toEqual(['launch', 'launch-2', 'launch-3', 'launch-4', 'launch-5', 'launch-6']);
    expect(results.filter((r) => !r.body.data.ref_code_changed).map((r) => r.body.data.ref_code)).toEqual(['launch']);
  });
});
