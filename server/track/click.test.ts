import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, campaigns, clicks, dailyRollups } from '@/db/schema';
import { foldRollups } from '../domain/rollups/fold';
import { startTestApi, type TestApi } from '../testing/api';
import { defaultGroupId } from '@/server/domain/groups/default-group';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let campaignId: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['track', 'read', 'write']);
  const [c] = await api.db.insert(campaigns).values({ workspaceId: ws.id, name: 'Main', cookieWindowDays: 30 }).returning();
  campaignId = c.id;
  await api.db.insert(affiliates).values([
    { workspaceId: ws.id, groupId: defaultGroupId(ws.id), campaignId, refCode: 'ada', status: 'active', email: 'ada@example.com' },
    { workspaceId: ws.id, groupId: defaultGroupId(ws.id), campaignId, refCode: 'pending-one', status: 'pending' },
  ]);
});
afterAll(() => api.close());

const click = (body: unknown, token = ws.token) => api.call('POST', '/v1/track/click', { token, body });

describe('POST /v1/track/click', () => {
  it('mints a visitor for a new click, case-insensitive ref, and counts it', async () => {
    const res = await click({ ref: 'ADA', url: 'https://shop.example.com/?ref=ada' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, match_method: 'new', match_confidence: 1 });
    expect(res.body.visitor_id).toMatch(/^v_/);
    const [c] = await api.db.select().from(clicks).where(eq(clicks.visitorKey, res.body.visitor_id));
    expect(c).toMatchObject({ workspaceId: ws.id, matchMethod: 'new', url: 'https://shop.example.com/?ref=ada' });
    // appended as a rollup delta, counted once the fold job has run
    await foldRollups({ db: api.db });
    const [roll] = await api.db.select().from(dailyRollups).where(eq(dailyRollups.workspaceId, ws.id));
    expect(roll.clicks).toBe(1);
  });

  it('keeps a sent visitor_id (cookie, confidence 1)', async () => {
    const res = await click({ ref: 'ada', visitor_id: 'v_cookie_1' });
    expect(res.body).toEqual({ ok: true, visitor_id: 'v_cookie_1', match_method: 'cookie', match_confidence: 1 });
  });

  it('matches a returning fingerprint with confidence below 1 that fades with age', async () => {
    const first = await click({ ref: 'ada', fingerprint: 'fp-123' });
    const again = await click({ ref: 'ada', fingerprint: 'fp-123' });
    expect(again.body.match_method).toBe('fingerprint');
    expect(again.body.visitor_id).toBe(first.body.visitor_id);
    expect(again.body.match_confidence).toBeGreaterThan(0.85);
    expect(again.body.match_confidence).toBeLessThan(1);
    // age every click of this fingerprint by 15 of the 30 window days
    await api.db.execute(sql`update clicks set created_at = created_at - interval '15 days' where fingerprint = 'fp-123'`);
    const later = await click({ ref: 'ada', fingerprint: 'fp-123' });
    expect(later.body.match_confidence).toBeGreaterThan(0.4);
    expect(later.body.match_confidence).toBeLessThan(0.5);
  });

  it('matches by ip + user agent below a fingerprint match, and stores only hashes', async () => {
    const body = { ref: 'ada', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 test' };
    const first = await click(body);
    const again = await click(body);
    expect(again.body.match_method).toBe('ip');
    expect(again.body.visitor_id).toBe(first.body.visitor_id);
    expect(again.body.match_confidence).toBeLessThanOrEqual(0.6);
    const rows = await api.db.select().from(clicks).where(eq(clicks.visitorKey, first.body.visitor_id));
    for (const r of rows) {
      expect(r.ipHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r)).not.toContain('203.0.113.7');
      expect(JSON.stringify(r)).not.toContain('Mozilla');
    }
  });

  it('records nothing (ok: false) for an inactive affiliate or campaign', async () => {
    const before = (await api.db.select().from(clicks)).length;
    expect((await click({ ref: 'pending-one' })).body.ok).toBe(false);
    await api.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaignId));
    const paused = await click({ ref: 'ada', visitor_id: 'v_x' });
    await api.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaignId));
    expect(paused.body).toMatchObject({ ok: false, match_method: null });
    expect((await api.db.select().from(clicks)).length).toBe(before);
  });

  it('answers the documented errors', async () => {
    expect((await click({ ref: 'nobody' })).body.error).toBe('link_not_found');
    expect((await click({})).body.error).toBe('ref_required');
    expect((await click({ ref: 'ada', extra: 1 })).body.error).toBe('invalid_request');
    const bad = await api.call('POST', '/v1/track/click', { token: ws.token, rawBody: '{', headers: { 'Content-Type': 'application/json' } });
    expect(bad.body.error).toBe('invalid_json');
    const readOnly = await ws.keyFor(['read', 'write']);
    expect((await click({ ref: 'ada' }, readOnly)).body).toMatchObject({ error: 'insufficient_scope', need: 'track' });
    expect((await click({ ref: 'ada' }, 'nope')).status).toBe(401);
    expect((await api.call('GET', '/v1/track/click', { token: ws.token })).status).toBe(405);
  });

  it("never resolves another workspace's ref code", async () => {
    const other = await api.workspace(['track']);
    const res = await click({ ref: 'ada' }, other.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('link_not_found');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await api.call('GET', '/v1/openapi.json');
    const op = doc.body.paths['/track/click'].post;
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('ref');
    expect(op.responses['404'].description).toContain('link_not_found');
  });
});
