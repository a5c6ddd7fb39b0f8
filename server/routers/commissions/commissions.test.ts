import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken } from '../../testing/seed';
import { moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';

let api: TestApi;
let ws: Awaited<ReturnType<typeof moneyWorkspace>>;
let other: Awaited<ReturnType<typeof moneyWorkspace>>;
type Row = Awaited<ReturnType<Awaited<ReturnType<typeof moneyAffiliate>>['earn']>>;
let k: Record<'pending' | 'approved' | 'paid' | 'onTest' | 'clawback' | 'foreign' | 'b1', Row>;
let aff: { a: string; b: string; foreign: string };

beforeAll(async () => {
  api = await startTestApi();
  ws = await moneyWorkspace(api);
  other = await moneyWorkspace(api, ['*']);
  const a = await moneyAffiliate(api, ws);
  const b = await moneyAffiliate(api, ws);
  const f = await moneyAffiliate(api, other);
  const pending = await a.earn({ amount: 100, createdAt: new Date('2026-01-01T00:00:00Z') });
  const approved = await a.earn({ amount: 200, status: 'approved', createdAt: new Date('2026-01-02T00:00:00Z') });
  const paid = await a.earn({ amount: 300, status: 'paid', createdAt: new Date('2026-01-03T00:00:00Z') });
  const clawback = await a.clawback(paid, { createdAt: new Date('2026-01-04T00:00:00Z') });
  const onTest = await a.earn({ amount: 999, createdAt: new Date('2026-01-05T00:00:00Z') }, { isTest: true });
  const b1 = await b.earn({ amount: 400, ruleId: '0190a0b0-0000-7000-8000-00000000000a', createdAt: new Date('2026-01-06T00:00:00Z') });
  const foreign = await f.earn({ amount: 500 });
  k = { pending, approved, paid, onTest, clawback, foreign, b1 };
  aff = { a: a.affiliate.id, b: b.affiliate.id, foreign: f.affiliate.id };
});
afterAll(() => api.close());

const get = (path: string, token = ws.token) => api.call('GET', `/v1${path}`, { token });
const idsOf = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

describe('GET /v1/commissions', () => {
  it('lists newest first, leaving out commissions of test conversions', async () => {
    const res = await get('/commissions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'commissions', limit: 50, offset: 0, has_more: false });
    expect(idsOf(res)).toEqual([k.b1.id, k.clawback.id, k.paid.id, k.approved.id, k.pending.id]);
    expect(res.body.data[0]).toEqual({
      id: k.b1.id,
      affiliate_id: aff.b,
      conversion_id: k.b1.conversionId,
      bounty_id: null,
      recruit_id: null,
      amount: 400,
      currency: 'usd',
      status: 'pending',
      period_index: 0,
      created_at: '2026-01-06T00:00:00.000Z',
      kind: 'earning',
      computed_amount: 400,
      reward_type: 'cash',
      rule_id: '0190a0b0-0000-7000-8000-00000000000a',
      payout_id: null,
      hold_until: null,
      reward_delivery: null,
      updated_at: k.b1.updatedAt.toISOString(),
    });
    expect(res.body.data[1]).toMatchObject({ id: k.clawback.id, kind: 'clawback', amount: -300, status: 'approved' });
  });

  it('filters by status, affiliate and conversion; test ones with include_test or their conversion id', async () => {
    expect(idsOf(await get('/commissions?status=approved'))).toEqual([k.clawback.id, k.approved.id]);
    expect(idsOf(await get('/commissions?status=paid'))).toEqual([k.paid.id]);
    expect(idsOf(await get(`/commissions?affiliate_id=${aff.b}`))).toEqual([k.b1.id]);
    expect(idsOf(await get(`/commissions?conversion_id=${k.paid.conversionId}`))).toEqual([k.clawback.id, k.paid.id]);
    expect(idsOf(await get(`/commissions?conversion_id=${k.onTest.conversionId}`))).toEqual([k.onTest.id]);
    expect(idsOf(await get('/commissions?include_test=true&status=pending'))).toEqual([k.b1.id, k.onTest.id, k.pending.id]);
  });

  it('pages', async () => {
    const page = await get('/commissions?limit=2&offset=1');
    expect(page.body).toMatchObject({ limit: 2, offset: 1, has_more: true });
    expect(idsOf(page)).toEqual([k.clawback.id, k.paid.id]);
  });

  it('rejects bad filters and names records outside the workspace unknown_resource', async () => {
    for (const q of ['status=voided', 'limit=201', 'offset=x', 'include_test=maybe']) {
      const res = await get(`/commissions?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
    for (const q of [`affiliate_id=${aff.foreign}`, `conversion_id=${k.foreign.conversionId}`, 'conversion_id=123']) {
      const res = await get(`/commissions?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.body.error, q).toBe('unknown_resource');
    }
  });

  it("never lists another workspace's commissions", async () => {
    expect(idsOf(await get('/commissions', other.token))).toEqual([k.foreign.id]);
  });
});

describe('GET /v1/commissions/{id}', () => {
  it('reads one', async () => {
    const res = await get(`/commissions/${k.paid.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'commission', data: { id: k.paid.id, status: 'paid', amount: 300 } });
  });

  it("answers link_not_found for unknown, malformed and another workspace's ids", async () => {
    for (const id of ['0190a0b0-0000-7000-8000-000000000000', 'bulk', k.foreign.id]) {
      const res = await get(`/commissions/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toBe('link_not_found');
    }
  });

  it('needs read access and a workspace key', async () => {
    for (const scopes of [['track'], ['write']]) {
      const res = await get(`/commissions/${k.paid.id}`, await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    }
    expect((await get('/commissions', await ws.keyFor([]))).status).toBe(200);
    const affKey = await affiliateToken(api.db, ws.id, aff.a);
    expect((await get('/commissions', affKey)).body).toMatchObject({ error: 'insufficient_scope', need: 'workspace_key' });
    expect((await api.call('GET', '/v1/commissions')).status).toBe(401);
  });
});
