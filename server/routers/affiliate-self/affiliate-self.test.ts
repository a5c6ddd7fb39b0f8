import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAffiliateKeys, revokeAffiliateKey } from '../../domain/keys/affiliate-keys';
import { startTestApi, type TestApi } from '../../testing/api';
import {
  affiliateToken,
  seedAffiliate,
  seedCampaign,
  seedClick,
  seedCommission,
  seedConversion,
  seedLink,
  seedPayout,
  TEST_ACTOR,
} from '../../testing/seed';

// Two affiliates of one workspace and one of another, each with a full set of rows: every
// /v1/affiliate/* route must answer with the key's own rows and nothing else.

const ROUTES = ['me', 'links', 'clicks', 'conversions', 'commissions', 'payouts', 'stats'] as const;
const LISTS = ['links', 'clicks', 'conversions', 'commissions', 'payouts'] as const;

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
type Seeded = Awaited<ReturnType<typeof seedEverything>>;
let a: Seeded;
let b: Seeded;
let c: Seeded;

async function seedEverything(workspaceId: string, campaignId: string) {
  const affiliate = await seedAffiliate(api.db, workspaceId, { campaignId, payoutEmail: 'pay@example.com', passwordHash: 'scrypt$secret', approvedAt: new Date() });
  const o = { workspaceId, affiliateId: affiliate.id, campaignId };
  const linkIds = [(await seedLink(api.db, o)).id, (await seedLink(api.db, o, { destinationUrl: null })).id];
  const clickIds = [(await seedClick(api.db, o)).id, (await seedClick(api.db, o, { matchMethod: 'fingerprint', matchConfidence: 0.7 })).id];
  const conv = (over: Parameters<typeof seedConversion>[2]) => seedConversion(api.db, o, over);
  const lead = await conv({ type: 'lead', status: 'confirmed', amount: 0 });
  const sale = await conv({ amount: 10_000 });
  const testSale = await conv({ amount: 99_999, isTest: true });
  const k = { workspaceId, affiliateId: affiliate.id };
  const payout = await seedPayout(api.db, k, { amount: 1500, status: 'paid', paidAt: new Date() });
  const paid = await seedCommission(api.db, { ...k, conversionId: sale.id }, { amount: 1500, status: 'paid', payoutId: payout.id });
  const pending = await seedCommission(api.db, { ...k, conversionId: lead.id }, { amount: 200 });
  const onTest = await seedCommission(api.db, { ...k, conversionId: testSale.id }, { amount: 7777 });
  const token = await affiliateToken(api.db, workspaceId, affiliate.id);
  return {
    affiliate,
    token,
    ids: {
      links: linkIds.sort(),
      clicks: clickIds.sort(),
      conversions: [lead.id, sale.id].sort(),
      commissions: [paid.id, pending.id].sort(),
      payouts: [payout.id],
    },
    hidden: { testSale: testSale.id, onTest: onTest.id },
    paid,
    payout,
  };
}

beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['*']);
  const camp = await seedCampaign(api.db, ws.id, { destinationUrl: 'https://shop.example.com/' });
  a = await seedEverything(ws.id, camp.id);
  b = await seedEverything(ws.id, camp.id);
  const other = await api.workspace(['*']);
  c = await seedEverything(other.id, (await seedCampaign(api.db, other.id)).id);
});
afterAll(() => api.close());

const get = (route: string, token: string) => api.call('GET', `/v1/affiliate/${route}`, { token });
const idsOf = (body: { data: { id: string }[] }) => body.data.map((r) => r.id).sort();

describe('every /v1/affiliate/* route sees only its own affiliate', () => {
  it.each(LISTS)('/%s lists exactly the key holder’s rows', async (route) => {
    for (const who of [a, b, c]) {
      const res = await get(`${route}?limit=200`, who.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'list', resource: route, limit: 200, offset: 0, has_more: false });
      expect(idsOf(res.body)).toEqual(who.ids[route]);
      for (const row of res.body.data) if ('affiliate_id' in row) expect(row.affiliate_id).toBe(who.affiliate.id);
    }
  });

  it('/me is the key holder’s record, without portal secrets', async () => {
    for (const who of [a, b, c]) {
      const res = await get('me', who.token);
      expect(res.status).toBe(200);
      const row = who.affiliate;
      expect(res.body).toEqual({
        object: 'affiliate',
        data: {
          id: row.id,
          email: row.email,
          name: row.name,
          ref_code: row.refCode,
          status: 'active',
          campaign_id: row.campaignId,
          group_id: row.groupId,
          payout_email: 'pay@example.com',
          recruited_by: null,
          recruited_at: null,
          created_at: row.createdAt.toISOString(),
          approved_at: row.approvedAt!.toISOString(),
          commissions_held: false,
          commissions_held_at: null,
        },
      });
    }
  });

  it('/stats counts only the key holder’s rows', async () => {
    for (const who of [a, b, c]) {
      const res = await get('stats', who.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        object: 'affiliate_stats',
        data: {
          clicks: 2,
          leads: 1,
          sales: 1,
          revenue: 10_000,
          commissions: { pending: 200, approved: 0, paid: 1500 },
          currency: 'usd',
          commissions_by_currency: [{ currency: 'usd', pending: 200, approved: 0, paid: 1500 }],
        },
      });
    }
  });
});

describe('what the records show', () => {
  it('clicks carry no ip or user-agent hashes and no fingerprint', async () => {
    const res = await get('clicks', a.token);
    for (const click of res.body.data) {
      expect(Object.keys(click).sort()).toEqual(['campaign_id', 'created_at', 'id', 'match_method', 'referrer', 'url', 'visitor_id']);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/secret/);
    expect(res.body.data.map((x: { match_method: string }) => x.match_method).sort()).toEqual(['fingerprint', 'new']);
  });

  it('links carry the referral url with the affiliate’s code', async () => {
    const res = await get('links', a.token);
    const urls = res.body.data.map((l: { url: string | null }) => l.url).sort();
    expect(urls).toEqual([`https://shop.example.com/?ref=${a.affiliate.refCode}`, null].sort());
  });

  it('conversions and commissions leave test conversions out', async () => {
    const conv = await get('conversions', a.token);
    expect(conv.body.data.map((x: { id: string }) => x.id)).not.toContain(a.hidden.testSale);
    expect(Object.keys(conv.body.data[0]).sort()).toEqual(
      ['affiliate_id', 'amount', 'campaign_id', 'currency', 'customer_id', 'external_id', 'id', 'interval', 'product_id', 'refunded_amount', 'status', 'ts', 'type'],
    );
    const com = await get('commissions', a.token);
    expect(com.body.data.map((x: { id: string }) => x.id)).not.toContain(a.hidden.onTest);
    expect(com.body.data.find((x: { id: string }) => x.id === a.paid.id)).toEqual({
      id: a.paid.id,
      affiliate_id: a.affiliate.id,
      conversion_id: a.paid.conversionId,
      bounty_id: null,
      kind: 'earning',
      recruit_id: null,
      amount: 1500,
      currency: 'usd',
      status: 'paid',
      period_index: 0,
      created_at: a.paid.createdAt.toISOString(),
    });
  });

  it('payouts list the commissions they settle', async () => {
    const res = await get('payouts', a.token);
    expect(res.body.data).toEqual([
      {
        id: a.payout.id,
        affiliate_id: a.affiliate.id,
        amount: 1500,
        currency: 'usd',
        status: 'paid',
        commission_ids: [a.paid.id],
        batch_id: null,
        rail: null,
        provider_ref: null,
        failure_reason: null,
        sent_at: null,
        created_at: a.payout.createdAt.toISOString(),
        paid_at: a.payout.paidAt!.toISOString(),
      },
    ]);
  });
});

describe('paging', () => {
  it('pages with the shared bounds', async () => {
    const first = await get('clicks?limit=1', a.token);
    const second = await get('clicks?limit=1&offset=1', a.token);
    expect(first.body).toMatchObject({ limit: 1, offset: 0, has_more: true });
    expect(second.body).toMatchObject({ limit: 1, offset: 1, has_more: false });
    expect([...idsOf(first.body), ...idsOf(second.body)].sort()).toEqual(a.ids.clicks);
    expect((await get('links', a.token)).body.limit).toBe(50);
    for (const route of LISTS) {
      for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc']) {
        const res = await get(`${route}?${q}`, a.token);
        expect(res.status, `${route}?${q}`).toBe(400);
        expect(res.body.error, `${route}?${q}`).toBe('invalid_request');
      }
    }
  });
});

describe('keys', () => {
  it.each(ROUTES)('/%s refuses workspace keys with need affiliate_key, and bad tokens with 401', async (route) => {
    const res = await get(route, ws.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'affiliate_key' });
    for (const token of [undefined, 'refa_live_' + 'x'.repeat(40), 'refa_live_short']) {
      const bad = await api.call('GET', `/v1/affiliate/${route}`, { token });
      expect(bad.status).toBe(401);
      expect(bad.body.error).toBe('unauthorized');
    }
  });

  it('a revoked affiliate key answers 401 at once, leaving the affiliate’s other keys working', async () => {
    const extra = await affiliateToken(api.db, ws.id, a.affiliate.id);
    expect((await get('me', extra)).status).toBe(200);
    const [newest] = await listAffiliateKeys({ ctx: { db: api.db, workspaceId: ws.id }, affiliateId: a.affiliate.id });
    await revokeAffiliateKey({ ctx: { db: api.db, workspaceId: ws.id, actor: TEST_ACTOR }, affiliateId: a.affiliate.id, keyId: newest.id });
    for (const route of ROUTES) {
      const res = await get(route, extra);
      expect(res.status, route).toBe(401);
      expect(res.body.error, route).toBe('unauthorized');
    }
    expect((await get('me', a.token)).status).toBe(200);
  });

  it('affiliate keys are read-only and cannot reach workspace routes', async () => {
    expect((await api.call('POST', '/v1/affiliate/me', { token: a.token, body: {} })).status).toBe(405);
    for (const [method, path] of [['GET', '/v1/links'], ['GET', '/v1/campaigns'], ['POST', '/v1/links']] as const) {
      const res = await api.call(method, path, { token: a.token, body: method === 'POST' ? { affiliate_id: a.affiliate.id } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    }
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents every affiliate-key route', async () => {
    const doc = await api.call('GET', '/v1/openapi.json');
    expect(doc.status).toBe(200);
    for (const route of ROUTES) {
      const op = doc.body.paths[`/affiliate/${route}`]?.get;
      expect(op, route).toBeDefined();
      expect(op.responses['403'], route).toBeDefined();
    }
  });
});
