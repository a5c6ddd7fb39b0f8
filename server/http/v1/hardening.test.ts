import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, conversions, webhookEndpoints, workspaceSettings as settings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// Findings of the black-box pass in issue 12, each answered with its documented 4xx.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  p = await startProgram(api, { prefix: 'hrd' });
});
afterAll(() => api.close());

const get = (path: string) => api.call('GET', path, { token: p.token });
const json = { 'Content-Type': 'application/json' };

describe('dates are bounded to the years 2000-2100 (a far date once hung the event loop)', () => {
  it.each([
    '/v1/reports/timeseries?to=9999-12-31',
    '/v1/reports/timeseries?to=0000-01-01',
    '/v1/reports/timeseries?from=9999-01-01&to=9999-12-31&interval=month',
    '/v1/reports/summary?from=1999-12-31',
    '/v1/reports/affiliates?to=2101-01-01',
    '/v1/conversions?from=0000-01-01',
    '/v1/conversions?to=%2B275760-09-13T00:00:00Z',
  ])('400 invalid_request for %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.detail).toMatch(/^(from|to): /);
  });

  it('serves the edges of the range, one point per bucket', async () => {
    const months = await get('/v1/reports/timeseries?from=2000-01-01&to=2100-12-31&interval=month');
    expect(months.status).toBe(200);
    expect(months.body.data.points).toHaveLength(101 * 12);
    expect(months.body.data.points.at(-1).period).toBe('2100-12-01');
    const days = await get('/v1/reports/timeseries?from=2090-01-01&to=2100-02-17&interval=day');
    expect(days.status).toBe(200);
    expect(days.body.data.points).toHaveLength(3_700);
  });

  it('caps the span by interval: ten years by day, the whole range by month', async () => {
    const days = await get('/v1/reports/timeseries?from=2000-01-01&to=2100-12-31&interval=day');
    expect(days.status).toBe(400);
    expect(days.body.detail).toMatch(/at most 3700 days/);
    const weeks = await get('/v1/reports/timeseries?from=2000-01-01&to=2060-12-31&interval=week');
    expect(weeks.status).toBe(200);
    expect(weeks.body.data.points[0].period).toBe('1999-12-27');
  });

  it('refuses a tracked conversion dated outside the range, storing nothing', async () => {
    const res = await p.track('sale', { external_id: 'far', ref: p.a.ref, amount: 100, ts: '9999-12-31T00:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^ts: /);
    expect(await api.db.select().from(conversions).where(eq(conversions.externalId, 'far'))).toHaveLength(0);
  });
});

describe('NUL characters never reach PostgreSQL', () => {
  it.each([
    ['POST', '/v1/campaigns', { name: 'a\u0000b' }, 'name'],
    ['POST', '/v1/track/click', { ref: 'hrda', url: 'https://x.test/\u0000' }, 'url'],
    ['POST', '/v1/track/sale', { external_id: 'o\u0000', ref: 'hrda', amount: 1 }, 'external_id'],
    ['POST', '/v1/track/refund', { external_id: '\u0000' }, 'external_id'],
    ['POST', '/v1/affiliates/invite', { email: 'n@example.com', name: 'x', tags: { 'k\u0000': 1 } }, 'tags'],
  ])('%s %s → 400 naming the field', async (method, path, body, field) => {
    const res = await api.call(method, path, { token: p.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', detail: `${field}: must not contain NUL characters` });
  });

  it('in a query value, and in a path id (404 like any unknown id)', async () => {
    const query = await get('/v1/affiliates?email=a%00b%40example.com');
    expect(query.status).toBe(400);
    expect(query.body.detail).toBe('email: must not contain NUL characters');
    const path = await get('/v1/products/prod_%00');
    expect(path.status).toBe(404);
    expect(path.body.error).toBe('link_not_found');
  });

  it.each(['/v1/products/%', '/v1/products/%E0%A4%A', '/v1/campaigns/%ZZ'])('an undecodable path id %s is 404 link_not_found', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('link_not_found');
  });
});

describe('the framing of a request is answered after authentication', () => {
  it.each([
    ['bad JSON', '{"name":', json],
    ['another media type', 'name=x', { 'Content-Type': 'text/plain' }],
  ])('no token and %s → 401', async (_label, rawBody, headers) => {
    const res = await api.call('POST', '/v1/campaigns', { rawBody, headers });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('a key without the scope and a bad body → 403, not the body error', async () => {
    const readOnly = await p.ws.keyFor(['read']);
    const res = await api.call('POST', '/v1/campaigns', { token: readOnly, rawBody: '{', headers: json });
    expect(res.status).toBe(403);
    expect(res.body.need).toBe('write');
  });

  it('application/json-patch+json is another media type: 415', async () => {
    const res = await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, {
      token: p.token,
      rawBody: '{"name":"x"}',
      headers: { 'Content-Type': 'application/json-patch+json' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('an id in the body of a path-id operation is refused, not ignored', async () => {
    const [other] = await api.db.insert(campaigns).values({ workspaceId: p.ws.id, name: 'Other' }).returning();
    const res = await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.token, body: { id: other.id, name: 'Renamed' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^unknown field: id/);
    const [row] = await api.db.select().from(campaigns).where(eq(campaigns.id, p.campaign.id));
    expect(row.name).toBe('Main');
  });

  it('an Idempotency-Key over 255 characters is refused', async () => {
    const res = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'k' }, headers: { 'Idempotency-Key': 'k'.repeat(256) } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Idempotency-Key/);
  });
});

describe('values the contract names are checked, not ignored', () => {
  it('an empty affiliate_id on PATCH /v1/conversions/{id} is 400 and changes nothing', async () => {
    const id = await p.sale('hrd-empty');
    const res = await p.patchConversion(id, { affiliate_id: '' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^affiliate_id: /);
    expect((await p.conversion(id)).affiliateId).toBe(p.a.id);
  });

  it.each(['abc', 'nan', 'xxx', 'us'])('currency %s is not an ISO 4217 code', async (currency) => {
    const before = (await api.db.select().from(settings).where(eq(settings.workspaceId, p.ws.id)))[0];
    const res = await api.call('PATCH', '/v1/settings', { token: p.token, body: { currency } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^currency: /);
    const after = (await api.db.select().from(settings).where(eq(settings.workspaceId, p.ws.id)))[0];
    expect(after).toEqual(before);
    const sale = await p.track('sale', { external_id: `cur-${currency}`, ref: p.a.ref, amount: 100, currency });
    expect(sale.status).toBe(400);
  });

  it('accepts real codes in any case', async () => {
    const res = await api.call('PATCH', '/v1/settings', { token: p.token, body: { currency: 'JPY' } });
    expect(res.status).toBe(200);
    expect(res.body.data.currency).toBe('jpy');
    await api.call('PATCH', '/v1/settings', { token: p.token, body: { currency: 'usd' } });
  });

  it("GET /v1/affiliates?campaign_id= of another workspace is 404 unknown_resource, like a missing one", async () => {
    const other = await startProgram(api, { prefix: 'oth' });
    const foreign = await get(`/v1/affiliates?campaign_id=${other.campaign.id}`);
    const missing = await get('/v1/affiliates?campaign_id=0195a0a0-0000-7000-8000-000000000000');
    for (const res of [foreign, missing]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'unknown_resource', detail: 'campaign_id does not name a record of this workspace' });
    }
    const own = await get(`/v1/affiliates?campaign_id=${p.campaign.id}`);
    expect(own.body.data.map((a: { id: string }) => a.id).sort()).toEqual([p.a.id, p.b.id].sort());
  });

  it('a webhook URL that resolves inside is refused without saying where it resolves', async () => {
    const res = await api.call('POST', '/v1/webhooks', { token: p.token, body: { url: 'https://localhost/hook', events: ['*'] } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('url: localhost is not a public address');
    expect(await api.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, p.ws.id))).toHaveLength(0);
  });
});

describe('callers without a valid key spend their address budget', () => {
  it('well-formed unknown tokens are limited per IP: 429 once the budget is spent', async () => {
    const limited = await startTestApi({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.call('GET', '/v1/campaigns', { token: `sa_live_${String(i).padStart(40, 'A')}` });
        statuses.push(res.status);
        if (res.status === 401) expect(res.headers.get('ratelimit-limit')).toBe('3');
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // A forged X-Forwarded-For names no new client unless TRUST_PROXY says so.
      const forged = await limited.call('GET', '/v1/campaigns', { token: `sa_live_${'B'.repeat(40)}`, headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(forged.status).toBe(429);
      // A valid key keeps its own budget.
      const ws = await limited.workspace(['read']);
      expect((await limited.call('GET', '/v1/campaigns', { token: ws.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('behind a trusted proxy each forwarded client has its own budget', async () => {
    const proxied = await startTestApi({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'loopback' });
    try {
      const as = async (client: string) =>
        (await proxied.call('GET', '/v1/campaigns', { token: `sa_live_${'C'.repeat(40)}`, headers: { 'X-Forwarded-For': client } })).status;
      expect([await as('203.0.113.1'), await as('203.0.113.1'), await as('203.0.113.1')]).toEqual([401, 401, 429]);
      expect(await as('203.0.113.2')).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('browsers may call /v1 with a key (bearer auth, never cookies)', () => {
  it('answers a preflight with the methods of the path, and every answer allows any origin', async () => {
    const pre = await fetch(`${api.url}/v1/campaigns/${p.campaign.id}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, PATCH');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const unknown = await fetch(`${api.url}/v1/nothing`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
    for (const res of [await get('/v1/campaigns'), await api.call('GET', '/v1/campaigns')]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
    }
  });
});

describe('what one answer embeds is bounded', () => {
  it('a campaign holds at most 100 rules; the 101st is refused and nothing changes', async () => {
    const c = (await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Many rules' } })).body.data.id;
    for (let i = 0; i < 99; i++) {
      const res = await api.call('PUT', `/v1/campaigns/${c}/commission-rule`, { token: p.token, body: { kind: 'product', product_ids: [`prod_${i}`], amount: 10 } });
      expect(res.status).toBe(200);
    }
    await api.call('PUT', `/v1/campaigns/${c}/commission-rule`, { token: p.token, body: { amount: 20 } });
    const over = await api.call('PUT', `/v1/campaigns/${c}/commission-rule`, { token: p.token, body: { kind: 'product', product_ids: ['prod_x'], amount: 10 } });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('invalid_state');
    const view = await get(`/v1/campaigns/${c}/commission-rule`);
    expect(view.body.rules).toHaveLength(100);
    // Changing a rule that exists still works at the bound.
    const change = await api.call('PUT', `/v1/campaigns/${c}/commission-rule`, { token: p.token, body: { kind: 'product', product_ids: ['prod_1'], amount: 15 } });
    expect(change.status).toBe(200);
  });
});
