import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api';
import { loggedIncidents, startAppServer } from '../testing/app-server';
import { documentedStatus, NASTY_TEXT, NASTY_VALUES } from '../testing/openapi-fuzz';
import { startProgram, type Program } from '../testing/program';
import { handleInNext } from './next-mount';

// The browser routes anyone may call (/api/collect, /r/{code}, /refcount.js), through the lean
// entry and through their Next mounts, with NUL characters, wrong types, huge and undecodable
// values in every field, parameter and cookie, bodies that are not JSON or too big, the wrong
// method and a spent budget: never a 5xx, and each error's status is the one docs/errors.md
// gives its code. (The tRPC endpoints: server/http/public-fuzz.test.ts.)
let api: TestApi;
let p: Program;
let app: Awaited<ReturnType<typeof startAppServer>>;
let incidents: string[];
let tight: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  // Each request says its own visitor address (X-Forwarded-For from loopback), so only `tight`,
  // with two requests a minute, runs out of budget.
  api = await startTestApi({ TRUST_PROXY: 'loopback' });
  p = await startProgram(api, { prefix: 'bf' });
  app = await startAppServer(api);
  incidents = loggedIncidents();
  tight = await startAppServer(api, { browserPerMinute: 2 });
});
afterAll(async () => {
  await Promise.all([app.close(), tight.close()]);
  await api.close();
});

let ip = 0;
const from = () => `203.0.113.${++ip % 250}`;

type Via = 'lean' | 'next';
/** One request through the lean entry (a real port) or straight to the Next route handler. */
async function send(via: Via, path: string, init: RequestInit & { headers?: Record<string, string> } = {}, base = app.url) {
  const req = { ...init, redirect: 'manual' as const, headers: { 'X-Forwarded-For': from(), ...init.headers } };
  const res = via === 'lean' ? await fetch(base + path, req) : await handleInNext(new Request(`http://localhost${path}`, req));
  const text = await res.text();
  const where = `${via} ${init.method ?? 'GET'} ${path.slice(0, 120)} ${String(init.body ?? '').slice(0, 100)} → ${res.status} ${text.slice(0, 160)}`;
  expect(res.status, where).toBeLessThan(500);
  let error: string | undefined;
  if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json')) {
    error = JSON.parse(text).error;
    expect(documentedStatus(error ?? ''), where).toBe(res.status);
  }
  return { status: res.status, headers: res.headers, error, where };
}

const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a careless client would send it (CESU-8)
  }
};
const hasNul = (v: unknown) => JSON.stringify(v).includes('\\u0000');

describe('POST /api/collect', () => {
  const post = (via: Via, body: string, headers: Record<string, string> = {}, base?: string) =>
    send(via, '/api/collect', { method: 'POST', body, headers: { 'Content-Type': 'text/plain', ...headers } }, base);

  it('a broken value in each field; NUL characters are refused (400) before any query', async () => {
    const valid = { w: p.ws.publicId, ref: 'bfa', visitor_id: 'v_fuzz', url: 'https://shop.example.com/p', referrer: 'https://news.example.com/' };
    expect((await post('lean', JSON.stringify(valid))).status).toBe(200);
    for (const via of ['lean', 'next'] as const) {
      for (const field of [...Object.keys(valid), 'unknown_field']) {
        for (const value of NASTY_VALUES) {
          const a = await post(via, JSON.stringify({ ...valid, [field]: value }));
          if (hasNul(value)) expect([a.status, a.error], a.where).toEqual([400, 'invalid_request']);
        }
      }
      expect((await post(via, JSON.stringify({ ...valid, 'k\u0000': 1 }))).status).toBe(400);
    }
  }, 60_000);

  it('bodies that are not JSON objects, too big, and other methods', async () => {
    for (const via of ['lean', 'next'] as const) {
      for (const raw of ['', '{', 'null', '[]', '"x"', '1', '['.repeat(4000) + ']'.repeat(4000)]) expect((await post(via, raw)).status).toBe(400);
      for (const size of [9_000, 2_000_000]) expect((await post(via, JSON.stringify({ w: 'x'.repeat(size) }))).error).toBe('payload_too_large');
      const multipart = await post(via, '--x\r\n\r\n--x--', { 'Content-Type': 'multipart/form-data; boundary=x' });
      expect(multipart.status).toBe(400);
      const get = await send(via, '/api/collect');
      expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    }
  });

  it('a spent budget is 429 with Retry-After', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.7' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post('lean', JSON.stringify({ w: p.ws.publicId, ref: 'bfa' }), headers, tight.url));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(Number(answers[2].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /r/{code}', () => {
  it('codes, ?w= and visitor cookies that are NUL, undecodable, huge or odd: a 404 page or the redirect', async () => {
    for (const via of ['lean', 'next'] as const) {
      for (const v of NASTY_TEXT.filter(Boolean)) {
        const raw = v.startsWith('%') ? v : encode(v);
        expect([302, 404], `code ${v.slice(0, 20)}`).toContain((await send(via, `/r/${raw}`)).status);
        const w = await send(via, `/r/bfa?w=${raw}`);
        expect([302, 404], w.where).toContain(w.status);
        if (v.includes('\u0000')) expect(w.status, w.where).toBe(404);
      }
      for (const cookie of ['%00', 'a%00b', '%E0%A4%A', '%', 'x'.repeat(5_000), '']) {
        const a = await send(via, '/r/bfa', { headers: { Cookie: `refcount_vid=${cookie}`, Referer: `https://news.example.com/${'r'.repeat(4_000)}` } });
        expect(a.status, a.where).toBe(302);
        // An unusable cookie is no cookie: the visitor gets a new id, never the sent value.
        expect(decodeURIComponent(a.headers.get('set-cookie') ?? '')).toMatch(/^refcount_vid=v_[\w-]+;/);
      }
    }
  }, 60_000);

  it('a spent budget is 429 with Retry-After', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.8' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send('lean', '/r/bfa', { headers }, tight.url));
    expect(answers.map((a) => a.status)).toEqual([302, 302, 429]);
    expect(Number(answers[2].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /refcount.js', () => {
  it('any query string serves the snippet', async () => {
    for (const v of NASTY_TEXT) expect((await send('lean', `/refcount.js?w=${v.startsWith('%') ? v : encode(v)}`)).status).toBe(200);
  });
});

it('logged no incident: every answer above was an expected one', () => {
  expect(incidents).toEqual([]);
});
