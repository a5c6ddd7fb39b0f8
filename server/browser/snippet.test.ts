import { and, eq } from 'drizzle-orm';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { fromFetch as fromRequest, toFetch } from './fetch';
import { createBrowserRoutes } from './handlers';
import { SNIPPET } from './snippet';
import { startBrowserServer } from '../testing/browser-server';

let api: TestApi;
let p: Program;
let browser: Awaited<ReturnType<typeof startBrowserServer>>;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'snp' });
  browser = await startBrowserServer(api);
});
afterAll(async () => {
  await browser.close();
  await api.close();
});

type Refcount = { visitorId(): string | null; ready: Promise<string | null> };

/** Runs the snippet on a pretend page: a cookie jar, localStorage and real fetch to the server. */
function visit(href: string, jar: { cookie: string; storage: Map<string, string> }, attrs: Record<string, string>) {
  const sent: string[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    currentScript: { src: `${browser.url}/refcount.js`, getAttribute: (n: string) => attrs[n] ?? null },
    referrer: '',
    get cookie() {
      return jar.cookie;
    },
    set cookie(v: string) {
      jar.cookie = v.split(';')[0];
      sent.push(v);
    },
  };
  const localStorage = { getItem: (k: string) => jar.storage.get(k) ?? null, setItem: (k: string, v: string) => void jar.storage.set(k, v) };
  Object.assign(window, { document, localStorage, location: new URL(href), URL, URLSearchParams, fetch, navigator: {}, JSON, Promise });
  window.window = window;
  runInNewContext(SNIPPET, window);
  return { refcount: window.refcount as Refcount, cookiesSet: sent };
}

describe('the snippet in a page', () => {
  it('reports a ?ref= visit, keeps the id in a cookie and localStorage, and reuses it', async () => {
    const jar = { cookie: '', storage: new Map<string, string>() };
    const first = visit(`https://shop.example.com/?ref=${p.a.ref}`, jar, { 'data-workspace': p.ws.publicId });
    const id = await first.refcount.ready;
    expect(id).toMatch(/^v_/);
    expect(first.refcount.visitorId()).toBe(id);
    expect(first.cookiesSet.at(-1)).toMatch(new RegExp(`^refcount_vid=${id}; Max-Age=31536000; Path=/; SameSite=Lax; Secure$`));
    expect(jar.storage.get('refcount_vid')).toBe(id);
    jar.cookie = '';
    const again = visit(`https://shop.example.com/?via=${p.b.ref}`, jar, { 'data-workspace': p.ws.publicId, 'data-param': 'via' });
    expect(await again.refcount.ready).toBe(id);
    const rows = await api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.visitorKey, id!)));
    expect(rows.map((r) => [r.source, r.matchMethod]).sort()).toEqual([['browser', 'cookie'], ['browser', 'new']]);
  });

  it('adopts the id handed over by /r/{code} without recording a second click', async () => {
    const jar = { cookie: '', storage: new Map<string, string>() };
    const before = (await api.db.select().from(clicks).where(eq(clicks.workspaceId, p.ws.id))).length;
    const page = visit(`https://shop.example.com/?ref=${p.a.ref}&rc_vid=v_handed`, jar, { 'data-workspace': p.ws.publicId });
    expect(await page.refcount.ready).toBe('v_handed');
    expect(jar.storage.get('refcount_vid')).toBe('v_handed');
    expect((await api.db.select().from(clicks).where(eq(clicks.workspaceId, p.ws.id))).length).toBe(before);
  });
});

describe('the Next mounts (Fetch API adapter)', () => {
  it('serve the same routes from a Fetch Request', async () => {
    const routes = createBrowserRoutes(api.services);
    const fromFetch = (r: Request) => fromRequest(r, api.services.config.trustProxy);
    const js = await routes(fromFetch(new Request('http://app.test/refcount.js')))!;
    expect(toFetch(js).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = JSON.stringify({ w: p.ws.publicId, ref: p.b.ref });
    const res = toFetch((await routes(fromFetch(new Request('http://app.test/api/collect', { method: 'POST', body, headers: { Origin: 'https://a.test', 'X-Forwarded-For': '192.0.2.1' } }))))!);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.test');
    expect((await res.json()).ok).toBe(true);
    const hop = toFetch((await routes(fromFetch(new Request(`http://app.test/r/${p.b.ref}`))))!);
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toMatch(/^https:\/\/shop\.example\.com\/\?ref=snpb&rc_vid=v_/);
    expect(routes(fromFetch(new Request('http://app.test/dashboard')))).toBeNull();
  });
});
