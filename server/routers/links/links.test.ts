import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken, seedAffiliate, seedCampaign, seedLink } from '../../testing/seed';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const linkCount = async (workspaceId: string) =>
  (await api.db.select({ n: count() }).from(links).where(eq(links.workspaceId, workspaceId)))[0].n;

/** A workspace with a campaign and an affiliate that belongs to it. */
async function setup(campaign: Parameters<typeof seedCampaign>[2] = {}) {
  const ws = await api.workspace(['read', 'write']);
  const camp = await seedCampaign(api.db, ws.id, { destinationUrl: 'https://shop.example.com/p?utm=x', refParam: 'via', ...campaign });
  const aff = await seedAffiliate(api.db, ws.id, { campaignId: camp.id, refCode: `code-${Math.random().toString(36).slice(2, 8)}` });
  const post = (body: unknown, token = ws.token, headers?: Record<string, string>) =>
    api.call('POST', '/v1/links', { token, body, headers });
  const list = (query = '', token = ws.token) => api.call('GET', `/v1/links${query}`, { token });
  return { ws, camp, aff, post, list };
}

describe('POST /v1/links', () => {
  it("defaults campaign, ref param and destination from the affiliate's campaign", async () => {
    const { ws, camp, aff, post } = await setup();
    const res = await post({ affiliate_id: aff.id });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('link');
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      affiliate_id: aff.id,
      campaign_id: camp.id,
      ref_param: 'via',
      destination_url: 'https://shop.example.com/p?utm=x',
      domain_id: null,
      sub_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      url: `https://shop.example.com/p?utm=x&via=${aff.refCode}`,
    });
    const listed = await api.call('GET', '/v1/links', { token: ws.token });
    expect(listed.body.data).toEqual([res.body.data]);
  });

  it('carries a sub-id in the URL; a malformed one is refused and nothing is created', async () => {
    const { ws, aff, post } = await setup();
    const res = await post({ affiliate_id: aff.id, sub_id: 'youtube-bio' });
    expect(res.status).toBe(201);
    expect(res.body.data.sub_id).toBe('youtube-bio');
    expect(res.body.data.url).toBe(`https://shop.example.com/p?utm=x&via=${aff.refCode}&sub_id=youtube-bio`);
    const bad = await post({ affiliate_id: aff.id, sub_id: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect((await api.call('GET', '/v1/links', { token: ws.token })).body.data).toHaveLength(1);
  });

  it('takes an explicit campaign and destination over the defaults', async () => {
    const { ws, aff, post } = await setup();
    const other = await seedCampaign(api.db, ws.id, { refParam: 'r', destinationUrl: 'https://other.example.com/' });
    const res = await post({ affiliate_id: aff.id, campaign_id: other.id, destination_url: 'https://x.example.com/a?b=1#top' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      campaign_id: other.id,
      ref_param: 'r',
      destination_url: 'https://x.example.com/a?b=1#top',
      url: `https://x.example.com/a?b=1&r=${aff.refCode}#top`,
    });
  });

  it("replaces a ref param already in the destination rather than adding a second one", async () => {
    const { aff, post } = await setup();
    const res = await post({ affiliate_id: aff.id, destination_url: 'https://x.example.com/?via=someone-else&q=1' });
    expect(res.body.data.url).toBe(`https://x.example.com/?via=${aff.refCode}&q=1`);
  });

  it("gives a null url when neither the body nor the campaign has a destination", async () => {
    const { aff, post } = await setup({ destinationUrl: null });
    const res = await post({ affiliate_id: aff.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ destination_url: null, url: null, ref_param: 'via' });
  });

  it("uses the workspace's oldest active campaign for an affiliate without one", async () => {
    const ws = await api.workspace(['*']);
    await seedCampaign(api.db, ws.id, { status: 'paused', createdAt: new Date('2020-01-01T00:00:00Z') });
    const oldest = await seedCampaign(api.db, ws.id, { createdAt: new Date('2021-01-01T00:00:00Z'), refParam: 'old' });
    await seedCampaign(api.db, ws.id, { createdAt: new Date('2022-01-01T00:00:00Z') });
    const aff = await seedAffiliate(api.db, ws.id);
    const res = await api.call('POST', '/v1/links', { token: ws.token, body: { affiliate_id: aff.id } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ campaign_id: oldest.id, ref_param: 'old', destination_url: null, url: null });
  });

  it('answers campaign_id_required when there is no campaign to default to, and stores nothing', async () => {
    const ws = await api.workspace(['*']);
    await seedCampaign(api.db, ws.id, { status: 'archived' });
    const aff = await seedAffiliate(api.db, ws.id);
    const res = await api.call('POST', '/v1/links', { token: ws.token, body: { affiliate_id: aff.id } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('campaign_id_required');
    expect(await linkCount(ws.id)).toBe(0);
  });

  it('rejects bad bodies with the contract code and stores nothing', async () => {
    const { ws, aff, post } = await setup();
    const stranger = await api.workspace(['*']);
    const foreignAff = await seedAffiliate(api.db, stranger.id);
    const foreignCamp = await seedCampaign(api.db, stranger.id);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'affiliate_id_required'],
      [{ campaign_id: foreignCamp.id }, 400, 'affiliate_id_required'],
      [{ affiliate_id: '0190a0b0-0000-7000-8000-000000000000' }, 404, 'unknown_resource'],
      [{ affiliate_id: 'not-a-uuid' }, 404, 'unknown_resource'],
      [{ affiliate_id: foreignAff.id }, 404, 'unknown_resource'],
      [{ affiliate_id: aff.id, campaign_id: foreignCamp.id }, 404, 'unknown_resource'],
      [{ affiliate_id: aff.id, campaign_id: '0190a0b0-0000-7000-8000-000000000000' }, 404, 'unknown_resource'],
      [{ affiliate_id: aff.id, destination_url: 'http://insecure.example.com' }, 400, 'invalid_request'],
      [{ affiliate_id: aff.id, destination_url: 'not a url' }, 400, 'invalid_request'],
      [{ affiliate_id: aff.id, ref_param: 'x' }, 400, 'invalid_request'],
      [{ affiliate_id: 42 }, 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    const badJson = await api.call('POST', '/v1/links', { token: ws.token, rawBody: '{"affiliate_id":', headers: { 'Content-Type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toBe('invalid_json');
    expect(await linkCount(ws.id)).toBe(0);
    expect(await linkCount(stranger.id)).toBe(0);
  });

  it('names the foreign reference in detail without saying whose it is', async () => {
    const { aff, post } = await setup();
    const res = await post({ affiliate_id: aff.id, campaign_id: '0190a0b0-0000-7000-8000-000000000000' });
    expect(res.body).toEqual({ error: 'unknown_resource', detail: 'campaign_id does not name a record of this workspace' });
  });

  it('needs the write scope, a workspace key and a valid token', async () => {
    const { ws, aff, post } = await setup();
    const readOnly = await post({ affiliate_id: aff.id }, await ws.keyFor(['read']));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const affKey = await post({ affiliate_id: aff.id }, await affiliateToken(api.db, ws.id, aff.id));
    expect(affKey.status).toBe(403);
    expect(affKey.body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    const anonymous = await api.call('POST', '/v1/links', { body: { affiliate_id: aff.id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
    expect(await linkCount(ws.id)).toBe(0);
    const writeOnly = await post({ affiliate_id: aff.id }, await ws.keyFor(['write']));
    expect(writeOnly.status).toBe(201);
  });

  it('replays the first link for a repeated Idempotency-Key', async () => {
    const { ws, aff, post } = await setup();
    const headers = { 'Idempotency-Key': 'link-once' };
    const [a, b] = await Promise.all([post({ affiliate_id: aff.id }, ws.token, headers), post({ affiliate_id: aff.id }, ws.token, headers)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await linkCount(ws.id)).toBe(1);
  });
});

describe('GET /v1/links', () => {
  it('pages newest first with has_more, and checks its bounds', async () => {
    const { ws, camp, aff, list } = await setup();
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await seedLink(api.db, { workspaceId: ws.id, affiliateId: aff.id, campaignId: camp.id }, { createdAt: new Date(Date.UTC(2024, 0, i + 1)) }));
    }
    const first = await list('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'list', resource: 'links', limit: 2, offset: 0, has_more: true });
    expect(first.body.data.map((l: { id: string }) => l.id)).toEqual([made[2].id, made[1].id]);
    const rest = await list('?limit=2&offset=2');
    expect(rest.body).toMatchObject({ limit: 2, offset: 2, has_more: false });
    expect(rest.body.data.map((l: { id: string }) => l.id)).toEqual([made[0].id]);
    expect(rest.body.data[0].url).toBe(`https://shop.example.com/?ref=${aff.refCode}`);
    const dflt = await list('?limit=');
    expect(dflt.body).toMatchObject({ limit: 50, offset: 0, has_more: false });
    expect(dflt.body.data).toHaveLength(3);
    expect((await list('?limit=200&offset=3')).body).toMatchObject({ limit: 200, offset: 3, data: [] });
    expect((await list('?limit=1')).body.data).toHaveLength(1);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'limit=1.5', 'offset=x']) {
      const res = await list(`?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
  });

  it('filters by affiliate and campaign; a filter outside the workspace is unknown_resource', async () => {
    const { ws, camp, aff, list } = await setup();
    const camp2 = await seedCampaign(api.db, ws.id);
    const aff2 = await seedAffiliate(api.db, ws.id);
    const a1 = await seedLink(api.db, { workspaceId: ws.id, affiliateId: aff.id, campaignId: camp.id });
    const a2 = await seedLink(api.db, { workspaceId: ws.id, affiliateId: aff.id, campaignId: camp2.id });
    const b1 = await seedLink(api.db, { workspaceId: ws.id, affiliateId: aff2.id, campaignId: camp.id });
    const ids = async (q: string) => ((await list(q)).body.data as { id: string }[]).map((l) => l.id).sort();
    expect(await ids(`?affiliate_id=${aff.id}`)).toEqual([a1.id, a2.id].sort());
    expect(await ids(`?campaign_id=${camp.id}`)).toEqual([a1.id, b1.id].sort());
    expect(await ids(`?affiliate_id=${aff2.id}&campaign_id=${camp2.id}`)).toEqual([]);

    const stranger = await api.workspace(['*']);
    const foreignAff = await seedAffiliate(api.db, stranger.id);
    for (const q of [`affiliate_id=${foreignAff.id}`, 'affiliate_id=nope', 'campaign_id=0190a0b0-0000-7000-8000-000000000000']) {
      const res = await list(`?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.body.error, q).toBe('unknown_resource');
    }
  });

  it('never shows another workspace its links', async () => {
    const { ws, camp, aff, list } = await setup();
    await seedLink(api.db, { workspaceId: ws.id, affiliateId: aff.id, campaignId: camp.id });
    const stranger = await api.workspace(['*']);
    const theirs = await api.call('GET', '/v1/links', { token: stranger.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    const probe = await api.call('GET', `/v1/links?affiliate_id=${aff.id}`, { token: stranger.token });
    expect(probe.status).toBe(404);
    expect(probe.body.error).toBe('unknown_resource');
    expect((await list()).body.data).toHaveLength(1);
  });

  it('needs read access from a workspace key', async () => {
    const { ws, aff, list } = await setup();
    const trackOnly = await list('', await ws.keyFor(['track']));
    expect(trackOnly.status).toBe(403);
    expect(trackOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await list('', await ws.keyFor([]))).status).toBe(200);
    const affKey = await affiliateToken(api.db, ws.id, aff.id);
    for (const path of ['/v1/links', '/v1/campaigns']) {
      const res = await api.call('GET', path, { token: affKey });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    }
    const bad = await list('', 'sa_live_' + 'x'.repeat(40));
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('unauthorized');
    expect(bad.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents both link operations, creation as 201', async () => {
    const doc = await api.call('GET', '/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/links'].post.responses['201']).toBeDefined();
    expect(doc.body.paths['/links'].get.responses['200']).toBeDefined();
    expect(doc.body.paths['/links'].get.responses['404']).toBeDefined();
  });
});
