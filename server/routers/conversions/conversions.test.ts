import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken, seedAffiliate, seedCampaign, seedConversion } from '../../testing/seed';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let other: Awaited<ReturnType<TestApi['workspace']>>;
type Row = Awaited<ReturnType<typeof seedConversion>>;
let c: Record<'old' | 'mid' | 'newest' | 'reversed' | 'otherCampaign' | 'test' | 'foreign', Row>;
let ids: { aff1: string; aff2: string; camp1: string; camp2: string; foreignAff: string; foreignCamp: string };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  other = await api.workspace(['*']);
  const camp1 = await seedCampaign(api.db, ws.id);
  const camp2 = await seedCampaign(api.db, ws.id);
  const aff1 = await seedAffiliate(api.db, ws.id, { campaignId: camp1.id });
  const aff2 = await seedAffiliate(api.db, ws.id, { campaignId: camp1.id });
  const foreignCamp = await seedCampaign(api.db, other.id);
  const foreignAff = await seedAffiliate(api.db, other.id, { campaignId: foreignCamp.id });
  const o1 = { workspaceId: ws.id, affiliateId: aff1.id, campaignId: camp1.id };
  const o2 = { workspaceId: ws.id, affiliateId: aff2.id, campaignId: camp1.id };
  c = {
    old: await seedConversion(api.db, o1, { ts: at('2026-01-01T00:00:00.000Z'), status: 'confirmed' }),
    mid: await seedConversion(api.db, o2, { ts: at('2026-02-01T00:00:00.000Z'), status: 'pending', matchMethod: 'cookie', matchConfidence: 1 }),
    newest: await seedConversion(api.db, o1, { ts: at('2026-03-01T00:00:00.000Z'), type: 'lead', amount: 0 }),
    reversed: await seedConversion(api.db, o2, { ts: at('2026-01-15T00:00:00.000Z'), status: 'reversed' }),
    otherCampaign: await seedConversion(api.db, { ...o1, campaignId: camp2.id }, { ts: at('2026-01-20T00:00:00.000Z') }),
    test: await seedConversion(api.db, o1, { ts: at('2026-04-01T00:00:00.000Z'), isTest: true }),
    foreign: await seedConversion(api.db, { workspaceId: other.id, affiliateId: foreignAff.id, campaignId: foreignCamp.id }),
  };
  ids = { aff1: aff1.id, aff2: aff2.id, camp1: camp1.id, camp2: camp2.id, foreignAff: foreignAff.id, foreignCamp: foreignCamp.id };
});
afterAll(() => api.close());

const get = (path: string, token = ws.token) => api.call('GET', `/v1${path}`, { token });
const idsOf = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

describe('GET /v1/conversions', () => {
  it('lists newest first without test conversions, with the workspace fields', async () => {
    const res = await get('/conversions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'conversions', limit: 50, offset: 0, has_more: false });
    expect(idsOf(res)).toEqual([c.newest.id, c.mid.id, c.otherCampaign.id, c.reversed.id, c.old.id]);
    expect(res.body.data.find((x: { id: string }) => x.id === c.mid.id)).toEqual({
      id: c.mid.id,
      affiliate_id: ids.aff2,
      campaign_id: ids.camp1,
      type: 'sale',
      status: 'pending',
      amount: 1000,
      currency: 'usd',
      external_id: c.mid.externalId,
      ts: '2026-02-01T00:00:00.000Z',
      customer_id: null,
      product_id: null,
      interval: null,
      refunded_amount: 0,
      is_test: false,
      tax: null,
      fee: null,
      match_method: 'cookie',
      match_confidence: 1,
      connected_account: null,
      created_at: c.mid.createdAt.toISOString(),
      updated_at: c.mid.updatedAt.toISOString(),
    });
  });

  it('includes test conversions only with include_test=true', async () => {
    expect(idsOf(await get('/conversions?include_test=true'))[0]).toBe(c.test.id);
    expect(idsOf(await get('/conversions?include_test=false'))).not.toContain(c.test.id);
  });

  it('filters by status, with voided as the alias of reversed', async () => {
    expect(idsOf(await get('/conversions?status=reversed'))).toEqual([c.reversed.id]);
    expect(idsOf(await get('/conversions?status=voided'))).toEqual([c.reversed.id]);
    expect(idsOf(await get('/conversions?status=pending'))).toEqual([c.mid.id]);
    expect(idsOf(await get('/conversions?status=refunded'))).toEqual([]);
  });

  it('filters by affiliate and campaign', async () => {
    expect(idsOf(await get(`/conversions?affiliate_id=${ids.aff2}`))).toEqual([c.mid.id, c.reversed.id]);
    expect(idsOf(await get(`/conversions?campaign_id=${ids.camp2}`))).toEqual([c.otherCampaign.id]);
    expect(idsOf(await get(`/conversions?campaign_id=${ids.camp1}&affiliate_id=${ids.aff1}`))).toEqual([c.newest.id, c.old.id]);
  });

  it('filters on ts: from inclusive, to exclusive, dates or date-times with offsets', async () => {
    expect(idsOf(await get('/conversions?from=2026-02-01T00:00:00.000Z'))).toEqual([c.newest.id, c.mid.id]);
    expect(idsOf(await get('/conversions?to=2026-01-20T00:00:00Z'))).toEqual([c.reversed.id, c.old.id]);
    expect(idsOf(await get('/conversions?from=2026-01-15&to=2026-02-01'))).toEqual([c.otherCampaign.id, c.reversed.id]);
    // 2026-01-15T01:00+01:00 is midnight UTC: the reversed conversion is at the inclusive bound.
    expect(idsOf(await get(`/conversions?from=${encodeURIComponent('2026-01-15T01:00:00+01:00')}&to=2026-01-16`))).toEqual([c.reversed.id]);
  });

  it('pages with has_more', async () => {
    const first = await get('/conversions?limit=2');
    expect(first.body).toMatchObject({ limit: 2, offset: 0, has_more: true });
    expect(idsOf(first)).toEqual([c.newest.id, c.mid.id]);
    const last = await get('/conversions?limit=2&offset=4');
    expect(last.body.has_more).toBe(false);
    expect(idsOf(last)).toEqual([c.old.id]);
  });

  it.each(['limit=0', 'limit=201', 'offset=-1', 'status=deleted', 'from=yesterday', 'to=2026-13-01', 'include_test=maybe'])(
    'rejects %s with invalid_request',
    async (q) => {
      const res = await get(`/conversions?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
    },
  );

  it('answers unknown_resource for an affiliate or campaign outside the workspace', async () => {
    for (const q of [`affiliate_id=${ids.foreignAff}`, `campaign_id=${ids.foreignCamp}`, 'affiliate_id=nope', `campaign_id=${ids.aff1}`]) {
      const res = await get(`/conversions?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.body.error, q).toBe('unknown_resource');
    }
  });

  it("never lists another workspace's conversions", async () => {
    expect(idsOf(await get('/conversions?include_test=true', other.token))).toEqual([c.foreign.id]);
  });
});

describe('GET /v1/conversions/{id}', () => {
  it('reads one, test conversions included', async () => {
    const res = await get(`/conversions/${c.old.id}`);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('conversion');
    expect(res.body.data).toMatchObject({ id: c.old.id, status: 'confirmed', ts: '2026-01-01T00:00:00.000Z', is_test: false });
    expect((await get(`/conversions/${c.test.id}`)).body.data).toMatchObject({ id: c.test.id, is_test: true });
  });

  it("answers link_not_found for unknown, malformed and another workspace's ids", async () => {
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'not-a-uuid', c.foreign.id]) {
      for (const path of [`/conversions/${id}`, `/conversions/${id}/attribution`]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.error, path).toBe('link_not_found');
      }
    }
  });
});

describe('GET /v1/conversions/{id}/attribution', () => {
  const receipt = {
    model: 'last_click',
    method: 'cookie',
    confidence: 1,
    touches: [
      { click_id: '0190a0b0-0000-7000-8000-000000000001', affiliate_id: 'a1', ts: '2026-01-01T00:00:00.000Z', match_method: 'cookie', chosen: false },
      { click_id: '0190a0b0-0000-7000-8000-000000000002', affiliate_id: 'a2', ts: '2026-01-02T00:00:00.000Z', match_method: 'cookie', chosen: true },
    ],
    rule: { id: '0190a0b0-0000-7000-8000-000000000003', kind: 'default', name: 'Default' },
    amount: 250,
    currency: 'usd',
    revenue_basis: { amount: 2_750, tax: 250, fee: null, excluded: ['tax'], not_reported: ['fee'], basis: 2_500 },
    reason: null,
  };

  it('answers the stored receipt with the conversion id, passing through later fields', async () => {
    const aff = await seedAffiliate(api.db, ws.id);
    const conv = await seedConversion(api.db, { workspaceId: ws.id, affiliateId: aff.id, campaignId: ids.camp1 }, {
      attribution: { ...receipt, engine_version: 2 },
    });
    const res = await get(`/conversions/${conv.id}/attribution`);
    expect(res.status).toBe(200);
    // a receipt stored before codes attributed anything answers code: null
    expect(res.body).toEqual({ object: 'attribution', data: { ...receipt, code: null, engine_version: 2, conversion_id: conv.id } });
  });

  it('rebuilds a receipt from the match columns when none is stored or it is unusable', async () => {
    const aff = await seedAffiliate(api.db, ws.id);
    const o = { workspaceId: ws.id, affiliateId: aff.id, campaignId: ids.camp1 };
    const bare = await seedConversion(api.db, o, { matchMethod: 'fingerprint', matchConfidence: 0.5, currency: 'eur' });
    const broken = await seedConversion(api.db, o, { matchMethod: 'ip', matchConfidence: 0.25, attribution: { touches: 'many' } });
    const fallback = { model: null, code: null, touches: [], rule: null, amount: null, revenue_basis: null, reason: null };
    expect((await get(`/conversions/${bare.id}/attribution`)).body.data).toEqual({
      ...fallback,
      conversion_id: bare.id,
      method: 'fingerprint',
      confidence: 0.5,
      currency: 'eur',
    });
    expect((await get(`/conversions/${broken.id}/attribution`)).body.data).toEqual({
      ...fallback,
      conversion_id: broken.id,
      method: 'ip',
      confidence: 0.25,
      currency: 'usd',
    });
    const partial = await seedConversion(api.db, o, { matchMethod: 'cookie', matchConfidence: 1, attribution: { model: 'first_click' } });
    expect((await get(`/conversions/${partial.id}/attribution`)).body.data).toMatchObject({ model: 'first_click', method: 'cookie', touches: [] });
  });
});

describe('scopes', () => {
  it('reads with read, * or no scopes; not with track or write only, nor an affiliate key, nor no token', async () => {
    const paths = ['/conversions', `/conversions/${c.old.id}`, `/conversions/${c.old.id}/attribution`];
    for (const scopes of [[], ['read'], ['*']]) {
      const token = await ws.keyFor(scopes);
      for (const p of paths) expect((await get(p, token)).status, `${scopes} ${p}`).toBe(200);
    }
    for (const scopes of [['track'], ['write'], ['write', 'track']]) {
      const token = await ws.keyFor(scopes);
      for (const p of paths) expect((await get(p, token)).body, `${scopes} ${p}`).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    const affKey = await affiliateToken(api.db, ws.id, ids.aff1);
    expect((await get('/conversions', affKey)).body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    const anonymous = await api.call('GET', '/v1/conversions');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
  });
});
