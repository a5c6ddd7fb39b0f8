import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceSettings } from '@/db/schema';
import { fetchLogo, MAX_LOGO_BYTES } from '../domain/settings/fetch-logo';
import { pageSecurityHeaders } from '../http/security-headers';
import { startTestApi, type TestApi } from '../testing/api';
import { startLogoHost, type LogoHost } from '../testing/logo-host';
import { createUser } from '../domain/users/users';
import { dashboardCaller, portalCaller } from '../testing/session-caller';
import { createLogoRoute } from './program-logo';

// An https logo shows on the join page, the portal and the dashboard's preview through
// /brand/{id}/logo: the pages' img-src stays 'self', and the fetch obeys the address policy.
let api: TestApi;
let host: LogoHost;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

beforeAll(async () => {
  api = await startTestApi();
  host = await startLogoHost({
    '/logo.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    '/logo.svg': (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' }).end(SVG),
    '/moved.png': (_req, res) => res.writeHead(302, { location: '/logo.png' }).end(),
    '/page.png': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
    '/huge.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_LOGO_BYTES + 1 }).end(Buffer.alloc(MAX_LOGO_BYTES + 1)),
    '/endless.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const tick = setInterval(() => res.write(Buffer.alloc(64 * 1024)), 5);
      res.on('close', () => clearInterval(tick));
    },
    '/slow.png': () => {}, // never answers
    '/gone.png': (_req, res) => res.writeHead(404).end(),
  });
});
afterAll(async () => {
  await host?.close();
  await api.close();
});

async function programWithLogo(logo_url: string) {
  const ws = await api.workspace(['*'], 'Logo Shop');
  const affiliate = await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'lee@example.com', status: 'active' } });
  const viewer = await createUser(api.db, { email: `v-${ws.publicId}@example.com`, password: 'password-1', workspaceId: ws.id, role: 'viewer' });
  // What the join page and the portal's header are given to show.
  const shown = async (logo: string) => {
    expect((await api.call('PATCH', '/v1/settings', { token: ws.token, body: { logo_url: logo } })).status).toBe(200);
    const join = (await portalCaller(api, undefined).join.program({ program: ws.publicId })).data.logo_url;
    const portal = (await portalCaller(api, { workspaceId: ws.id, affiliateId: affiliate.body.data.id }).portal.program()).data.logo_url;
    const dashboard = (await dashboardCaller(api, viewer.id).settings.brand()).data.logo_url;
    return { join, portal, dashboard };
  };
  return { ws, shown, ...(await shown(logo_url)) };
}

const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src '));

describe('an https logo on the join page, the portal and the dashboard', () => {
  it('is served by this install, so every page keeps img-src to itself', async () => {
    const { ws, join, portal, dashboard, shown } = await programWithLogo(`${host.origin}/logo.png`);
    expect(join).toMatch(new RegExp(`^/brand/${ws.publicId}/logo\\?v=[\\w-]{12}$`));
    expect([portal, dashboard]).toEqual([join, join]);
    for (const dev of [false, true]) {
      const csp = pageSecurityHeaders('n', 'https://refs.example.com', dev)['Content-Security-Policy'];
      expect(imgSrc(csp)).toBe("img-src 'self' data: blob:");
    }

    const route = createLogoRoute({ db: api.db, allowPrivate: true });
    const res = await route(ws.publicId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="logo"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    // Page views after the first cost no request to the manager's host.
    await Promise.all([route(ws.publicId), route(ws.publicId)]);
    expect(host.hits('/logo.png')).toBe(1);

    // A new address is a new `v`: browsers do not keep showing the old logo.
    const svg = await shown(`${host.origin}/logo.svg`);
    expect(svg.join).toMatch(new RegExp(`^/brand/${ws.publicId}/logo\\?v=`));
    expect(svg.join).not.toBe(join);
    const svgRes = await route(ws.publicId);
    expect([svgRes.status, svgRes.headers.get('content-type'), await svgRes.text()]).toEqual([200, 'image/svg+xml', SVG]);
  });

  it('a path of this install is used as it is; no logo, or one saved as //host before, shows none', async () => {
    expect(await programWithLogo('/logo.svg')).toMatchObject({ join: '/logo.svg', portal: '/logo.svg', dashboard: '/logo.svg' });
    const legacy = await programWithLogo('/logo.svg');
    await api.db.update(workspaceSettings).set({ logoUrl: '//cdn.example.com/x.png' }).where(eq(workspaceSettings.workspaceId, legacy.ws.id));
    expect((await portalCaller(api, undefined).join.program({ program: legacy.ws.publicId })).data.logo_url).toBeNull();

    const route = createLogoRoute({ db: api.db, allowPrivate: true });
    expect((await route(legacy.ws.publicId)).status).toBe(404);
    expect((await route((await programWithLogo('/logo.svg')).ws.publicId)).status).toBe(404);
    expect((await route('ws_nobody')).status).toBe(404);
    expect((await route('x'.repeat(5000))).status).toBe(404);
  });
});

describe('fetching a logo', () => {
  it('never reaches a private or internal address under the address policy (SSRF)', async () => {
    const { ws } = await programWithLogo(`${host.origin}/gone.png`); // 127.0.0.1
    const res = await createLogoRoute({ db: api.db, allowPrivate: false })(ws.publicId);
    expect(res.status).toBe(502);
    expect(host.hits('/gone.png')).toBe(0);
    const inner = ['https://169.254.169.254/latest/meta-data', 'https://10.0.0.1/x.png', 'https://[::1]/x.png', 'https://localhost/x.png'];
    for (const address of inner) {
      const answer = await fetchLogo(address, { allowPrivate: false, timeoutMs: 2000 });
      expect(answer).toMatchObject({ ok: false, reason: expect.stringMatching(/not a public address|does not resolve/) });
    }
    expect(await fetchLogo('http://cdn.example.com/x.png', { allowPrivate: false, timeoutMs: 2000 })).toEqual({ ok: false, reason: 'must be an https URL' });
  });

  it('takes only an image, within the size and time bounds; follows a redirect', async () => {
    const get = (path: string, timeoutMs = 2000) => fetchLogo(`${host.origin}${path}`, { allowPrivate: true, timeoutMs });
    expect(await get('/moved.png')).toEqual({ ok: true, contentType: 'image/png', body: PNG });
    expect(await get('/page.png')).toEqual({ ok: false, reason: 'not an image (text/html)' });
    expect(await get('/huge.png')).toEqual({ ok: false, reason: 'larger than the logo limit' });
    expect(await get('/endless.png')).toEqual({ ok: false, reason: 'larger than the logo limit' });
    expect(await get('/gone.png')).toEqual({ ok: false, reason: 'HTTP 404' });
    const started = performance.now();
    expect(await get('/slow.png', 300)).toEqual({ ok: false, reason: 'no answer in time' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a failing host is asked again only after a minute, whatever the page views', async () => {
    const { ws } = await programWithLogo(`${host.origin}/gone.png`);
    let now = 0;
    const route = createLogoRoute({ db: api.db, allowPrivate: true, now: () => now });
    const before = host.hits('/gone.png');
    for (let i = 0; i < 5; i++) expect((await route(ws.publicId)).status).toBe(502);
    expect(host.hits('/gone.png') - before).toBe(1);
    now += 61_000;
    await route(ws.publicId);
    expect(host.hits('/gone.png') - before).toBe(2);
  });
});
