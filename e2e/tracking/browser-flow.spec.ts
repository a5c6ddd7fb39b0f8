import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support';

// A shop on its own https domain (the demo campaign's destination, https://shop.example.com) is
// answered inside the browser by page.route; its /refcount.js and /api/collect are proxied to
// the local server (a first-party proxy, as shops do against blockers), since Chromium would not
// let an https page reach http://localhost. CORS itself is covered by server/browser tests.

async function openShop(page: Page, baseURL: string, publicId: string) {
  await page.route('https://shop.example.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/refcount.js' || pathname === '/api/collect') return route.fulfill({ response: await route.fetch({ url: baseURL + pathname }) });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Demo shop</title><h1>Demo shop</h1>
        <script src="/refcount.js" data-workspace="${publicId}"></script>`,
    });
  });
}

const board = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/v1/reports/affiliates?limit=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { affiliate_id: string; ref_code: string; clicks: number; conversions: number; revenue: number }[];
};
const clicksOf = async (request: APIRequestContext, token: string, ref: string) => (await board(request, token)).find((r) => r.ref_code === ref)?.clicks ?? 0;

test('a referral link, the snippet and a server-side sale credit the same affiliate', async ({ page, request, baseURL }) => {
  const { token, publicId } = demo();
  expect(publicId).toMatch(/^ws_/);
  await openShop(page, baseURL!, publicId);
  const adaBefore = await clicksOf(request, token, 'ada');

  // Playwright routes only the first hop of a redirected navigation, so the referral link is
  // followed in two steps through the context's own cookie jar.
  const hop = await page.request.get('/r/ada', { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  await page.goto(hop.headers()['location']);
  const landed = new URL(page.url());
  expect(landed.origin).toBe('https://shop.example.com');
  expect(landed.searchParams.get('ref')).toBe('ada');
  await page.waitForFunction(() => 'refcount' in window);
  const visitorId = await page.evaluate(() => (window as unknown as { refcount: { ready: Promise<string> } }).refcount.ready);
  expect(visitorId).toMatch(/^v_/);
  expect(await page.evaluate(() => (window as unknown as { refcount: { visitorId(): string } }).refcount.visitorId())).toBe(visitorId);

  // The same visitor id on both sides: Refcount's own cookie from the redirect, and the shop's
  // first-party cookie and localStorage copy kept by the snippet.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'refcount_vid' && c.domain === 'localhost')?.value).toBe(visitorId);
  const shopCookie = cookies.find((c) => c.name === 'refcount_vid' && c.domain === 'shop.example.com');
  expect(shopCookie).toMatchObject({ value: visitorId, sameSite: 'Lax' });
  expect(await page.evaluate(() => localStorage.getItem('refcount_vid'))).toBe(visitorId);
  expect(await clicksOf(request, token, 'ada')).toBe(adaBefore + 1);

  const sale = await request.post('/v1/track/sale', {
    headers: { Authorization: `Bearer ${token}` },
    data: { external_id: `e2e_${Date.now()}`, visitor_id: visitorId, amount: 12_900 },
  });
  expect(sale.status()).toBe(200);
  const saleBody = await sale.json();
  expect(saleBody).toMatchObject({ ok: true, attributed: true });
  const ada = (await board(request, token)).find((r) => r.ref_code === 'ada')!;
  const conv = await request.get(`/v1/conversions/${saleBody.conversion_id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await conv.json()).data.affiliate_id).toBe(ada.affiliate_id);
  expect(ada.revenue).toBeGreaterThanOrEqual(12_900);
});

test('the snippet reports a direct ?ref= visit to the collector', async ({ page, request, baseURL }) => {
  const { token, publicId } = demo();
  await openShop(page, baseURL!, publicId);
  const before = await clicksOf(request, token, 'grace');
  const collected = page.waitForResponse((r) => r.url().endsWith('/api/collect'));
  await page.goto('https://shop.example.com/pricing?ref=grace');
  const res = await collected;
  expect(res.status()).toBe(200);
  const visitorId = await page.evaluate(() => (window as unknown as { refcount: { ready: Promise<string> } }).refcount.ready);
  expect((await res.json()).visitor_id).toBe(visitorId);
  expect(await clicksOf(request, token, 'grace')).toBe(before + 1);

  // A later page view without a ref reports nothing and keeps the id.
  await page.goto('https://shop.example.com/checkout');
  expect(await page.evaluate(() => (window as unknown as { refcount: { ready: Promise<string> } }).refcount.ready)).toBe(visitorId);
  expect(await clicksOf(request, token, 'grace')).toBe(before + 1);
});
