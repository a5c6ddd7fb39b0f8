import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, dailyRollups } from '@/db/schema';
import { foldRollups } from '../domain/rollups/fold';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { startBrowserServer } from '../testing/browser-server';

let api: TestApi;
let p: Program;
let browser: Awaited<ReturnType<typeof startBrowserServer>>;
let base: string;
beforeAll(async () => {
  // The tests stand in for a proxy on loopback, so each call can say its own visitor address.
  api = await startTestApi({ TRUST_PROXY: 'loopback' });
  p = await startProgram(api, { prefix: 'brw' });
  // A small budget per address so the rate limit is reachable.
  browser = await startBrowserServer(api, 30);
  base = browser.url;
});
afterAll(async () => {
  await browser.close();
  await api.close();
});

let ipSeq = 0;
/** Each call its own visitor address unless told, so the per-IP budget only bites where tested. */
const collect = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/collect`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: 'https://shop.example.com', 'X-Forwarded-For': `198.51.100.${++ipSeq % 250}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const clicksOf = (affiliateId: string) =>
  api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.affiliateId, affiliateId)));
const rolledClicks = async (affiliateId: string) => {
  await foldRollups({ db: api.db });
  return (await api.db.select().from(dailyRollups).where(eq(dailyRollups.affiliateId, affiliateId))).reduce((s, r) => s + r.clicks, 0);
};

describe('GET /refcount.js', () => {
  it('serves the snippet as JavaScript with a long cache and an ETag', async () => {
    const res = await fetch(`${base}/refcount.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=604800/);
    const text = await res.text();
    expect(text).toContain("getAttribute('data-workspace')");
    expect(text).toContain('SameSite=Lax');
    expect(() => new Function(text)).not.toThrow();
    const again = await fetch(`${base}/refcount.js`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('POST /api/collect', () => {
  it('answers the CORS preflight for any origin', async () => {
    const res = await fetch(`${base}/api/collect`, { method: 'OPTIONS', headers: { Origin: 'https://shop.example.com', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('records a browser click with the visitor address and hands back the visitor id', async () => {
    const before = await rolledClicks(p.a.id);
    const res = await collect({ w: p.ws.publicId, ref: p.a.ref.toUpperCase(), url: 'https://shop.example.com/?ref=x', referrer: 'https://blog.example.com' }, { 'User-Agent': 'UA-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    const body = await res.json();
    expect(body).toEqual({ ok: true, visitor_id: expect.stringMatching(/^v_/) });
    const [row] = (await clicksOf(p.a.id)).filter((c) => c.visitorKey === body.visitor_id);
    expect(row).toMatchObject({ source: 'browser', matchMethod: 'new', url: 'https://shop.example.com/?ref=x', referrer: 'https://blog.example.com' });
    expect(row.ipHash).toBeTruthy();
    expect(await rolledClicks(p.a.id)).toBe(before + 1);
    const back = await (await collect({ w: p.ws.publicId, ref: p.a.ref, visitor_id: body.visitor_id })).json();
    expect(back).toEqual({ ok: true, visitor_id: body.visitor_id });
  });

  it.each([
    ['a secret key in the body', { ref: 'x', token: 'sa_live_abc' }, {}],
    ['an affiliate key in the body', { ref: 'x', visitor_id: 'refa_live_abc' }, {}],
    ['a secret key in a header', {}, { Authorization: 'Bearer sa_live_abc' }],
  ])('refuses %s with 400 and records nothing', async (_, extra, headers) => {
    const before = (await clicksOf(p.a.id)).length;
    const res = await collect({ w: p.ws.publicId, ref: p.a.ref, ...extra }, headers);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_request');
    expect((await clicksOf(p.a.id)).length).toBe(before);
  });

  it.each([
    ['{not json', 400, 'invalid_json'],
    [{ w: 'x' }, 400, 'invalid_request'],
    [{ ref: 'brwa' }, 400, 'invalid_request'],
    [{ w: 'ws_nope', ref: 'brwa' }, 404, 'link_not_found'],
    [{ w: '__PUBLIC__', ref: 'nobody' }, 404, 'link_not_found'],
    ['x'.repeat(9000), 413, 'payload_too_large'],
  ])('answers %j with %i %s and CORS headers', async (body, status, error) => {
    const before = (await clicksOf(p.a.id)).length;
    const res = await collect(typeof body === 'string' ? body : JSON.parse(JSON.stringify(body).replace('__PUBLIC__', p.ws.publicId)));
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect((await res.json()).error).toBe(error);
    expect((await clicksOf(p.a.id)).length).toBe(before);
  });

  it('keeps tenants apart: one workspace id does not reach another workspace’s codes', async () => {
    const other = await startProgram(api, { prefix: 'brx' });
    const res = await collect({ w: p.ws.publicId, ref: other.a.ref });
    expect(res.status).toBe(404);
    expect((await collect({ w: other.ws.publicId, ref: other.a.ref })).status).toBe(200);
  });

  it('records nothing for a pending affiliate (ok false)', async () => {
    const pending = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: 'pend@example.com', name: 'P', ref_code: 'brwpend', status: 'pending', campaign_id: p.campaign.id } });
    const res = await collect({ w: p.ws.publicId, ref: 'brwpend', visitor_id: 'v_keep' });
    expect(await res.json()).toEqual({ ok: false, visitor_id: 'v_keep' });
    expect(await clicksOf(pending.body.data.id ?? pending.body.data.affiliate_id)).toEqual([]);
  });

  it('rate limits each address (429 with Retry-After) without slowing others', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.9' };
    const results = await Promise.all(Array.from({ length: 35 }, () => collect({ w: p.ws.publicId, ref: p.b.ref }, ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const limited = results.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toBe('rate_limited');
    expect((await clicksOf(p.b.id)).length).toBe(30);
    expect((await collect({ w: p.ws.publicId, ref: p.b.ref }, { 'X-Forwarded-For': '203.0.113.10' })).status).toBe(200);
  });

  it('answers other methods with 405', async () => {
    expect((await fetch(`${base}/api/collect`)).status).toBe(405);
  });
});
