import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { startBrowserServer } from '../testing/browser-server';

let api: TestApi;
let p: Program;
let browser: Awaited<ReturnType<typeof startBrowserServer>>;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'red' });
  browser = await startBrowserServer(api);
});
afterAll(async () => {
  await browser.close();
  await api.close();
});

const go = (path: string, headers: Record<string, string> = {}) => fetch(browser.url + path, { redirect: 'manual', headers });
const clicksOf = (affiliateId: string) => api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.affiliateId, affiliateId)));
const newAffiliate = async (ref: string, status: string, campaignId = p.campaign.id) => {
  const res = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: `${ref}@example.com`, name: ref, ref_code: ref, status, campaign_id: campaignId } });
  return (res.body.data.affiliate_id ?? res.body.data.id) as string;
};

describe('GET /r/{ref_code}', () => {
  it('records a redirect click, sets the visitor cookie and lands with the ref param', async () => {
    const res = await go(`/r/${p.a.ref}`, { 'User-Agent': 'UA-R', 'X-Forwarded-For': '192.0.2.7' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.example.com/');
    expect(location.searchParams.get('ref')).toBe(p.a.ref);
    const visitor = location.searchParams.get('rc_vid')!;
    expect(visitor).toMatch(/^v_/);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`refcount_vid=${visitor}`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const [row] = await clicksOf(p.a.id);
    expect(row).toMatchObject({ source: 'redirect', visitorKey: visitor, matchMethod: 'new' });
    expect(row.ipHash).toBeTruthy();
    const back = await go(`/r/${p.a.ref.toUpperCase()}`, { Cookie: `other=1; refcount_vid=${visitor}` });
    expect(new URL(back.headers.get('location')!).searchParams.get('rc_vid')).toBe(visitor);
    expect((await clicksOf(p.a.id)).map((c) => c.matchMethod).sort()).toEqual(['cookie', 'new']);
  });

  it("keeps the destination's own query and uses the campaign's ref param", async () => {
    const camp = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Via', destination_url: 'https://shop.example.com/sale?utm_source=x#top', ref_param: 'via' } });
    const id = await newAffiliate('redvia', 'active', camp.body.data.id);
    const res = await go('/r/redvia');
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/sale');
    expect(location.searchParams.get('utm_source')).toBe('x');
    expect(location.searchParams.get('via')).toBe('redvia');
    expect(location.hash).toBe('#top');
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('sends a pending affiliate’s visitors on without recording anything', async () => {
    const id = await newAffiliate('redpend', 'pending');
    const res = await go('/r/redpend');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('ref')).toBe('redpend');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await clicksOf(id)).toEqual([]);
  });

  it('answers 404 pages for unknown codes and for campaigns without a landing page', async () => {
    for (const path of ['/r/nobody', '/r/%E0%A4%A', '/r/has%20space']) {
      const res = await go(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    const bare = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Bare' } });
    const id = await newAffiliate('redbare', 'active', bare.body.data.id);
    expect((await go('/r/redbare')).status).toBe(404);
    expect(await clicksOf(id)).toEqual([]);
  });

  it('a code two workspaces share needs ?w=<public id> to say which', async () => {
    const other = await startProgram(api, { prefix: 'red' });
    expect((await go(`/r/${p.a.ref}`)).status).toBe(404);
    const before = (await clicksOf(p.a.id)).length;
    const pinned = await go(`/r/${p.a.ref}?w=${other.ws.publicId}`);
    expect(pinned.status).toBe(302);
    expect((await clicksOf(p.a.id)).length).toBe(before);
    const [otherClick] = await api.db.select().from(clicks).where(eq(clicks.affiliateId, other.a.id));
    expect(otherClick).toMatchObject({ workspaceId: other.ws.id, source: 'redirect' });
  });
});
