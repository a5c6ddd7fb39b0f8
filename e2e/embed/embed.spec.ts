import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { demo, shot } from '../support';

// Issue 48, the embedded referral page (docs/embedded-referrals.md): a merchant's page on
// another origin drops in /embed.js with a token; the frame mounts and takes its content's height,
// the affiliate copies its link, and a click and a sale appear in it. The same script on an origin
// the workspace did not list is refused framing by the browser (CSP frame-ancestors).
//
// As a merchant does it: the origin listed with PATCH /v1/settings { embed_origins }, the token
// asked for by "its server" (this spec) with POST /v1/embed-tokens and a workspace key.

type Host = { origin: string; setToken: (token: string) => void; close: () => Promise<void> };

/** A merchant's page on 127.0.0.1:<free port>: another origin than the app's localhost. */
async function startHost(appUrl: string): Promise<Host> {
  let token = '';
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Merchant app</title></head><body style="margin:0;font-family:sans-serif">
<h1 id="host-title">Merchant settings</h1>
<div id="referrals"></div>
<p id="after">Below the embed</p>
<script src="${appUrl}/embed.js" data-token="${token}" data-container="#referrals"></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, setToken: (t) => void (token = t), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const frameHeight = (page: Page) => page.locator('#referrals iframe').evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height);

test('a host on a listed origin embeds the page: it mounts, resizes, copies the link, and shows a click and a sale', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const { token: key } = demo();
  const auth = { Authorization: `Bearer ${key}` };
  const stamp = Date.now();
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers: auth, data });
    expect(res.status(), `${path} ${await res.text()}`).toBeLessThan(300);
    return (await res.json()).data ?? {};
  };
  const campaign = await post('/v1/campaigns', { name: `Embed ${stamp}`, destination_url: 'https://shop.example.com/embed' });
  expect((await request.put(`/v1/campaigns/${campaign.id}/commission-rule`, { headers: auth, data: { amount: 20 } })).status()).toBe(200);
  const ref = `emb${stamp}`;
  const created = await post('/v1/affiliates', { email: `${ref}@example.com`, name: 'Embedded Emma', ref_code: ref, status: 'active', campaign_id: campaign.id });
  const affiliateId = (created.affiliate_id ?? created.id) as string;
  const embedToken = async (origin: string, options: unknown) => {
    const res = await request.post('/v1/embed-tokens', { headers: auth, data: { tenant_id: `user-${ref}`, email: `${ref}@example.com`, origin, options } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const { data } = await res.json();
    expect(data.affiliate_id).toBe(affiliateId); // found by its e-mail, then by the tenant id it took
    return data.token as string;
  };

  const listed = await startHost(baseURL!);
  const unlisted = await startHost(baseURL!);
  try {
    const settings = await request.patch('/v1/settings', { headers: auth, data: { embed_origins: [listed.origin] } });
    expect(settings.status(), await settings.text()).toBe(200);
    const token = await embedToken(listed.origin, { strings: { title: 'Invite friends' } });
    listed.setToken(token);
    unlisted.setToken(token); // a token copied to a page on another origin

    // The frame mounts under the host's own content and takes the page's height.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: listed.origin });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    const framed = page.waitForResponse((r) => r.url().includes('/embed/referrals?token='));
    await page.goto(listed.origin);
    const answer = await framed;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).toContain(`frame-ancestors ${listed.origin}`);
    expect(answer.headers()['x-frame-options']).toBeUndefined();
    expect(answer.headers()['referrer-policy']).toBe('no-referrer');
    expect(answer.headers()['cache-control']).toContain('no-store');
    expect(answer.headers()['set-cookie']).toBeUndefined(); // token only: nothing for a third-party cookie jar
    const embed = page.frameLocator('#referrals iframe');
    await expect(embed.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
    await expect(embed.getByTestId('embed-link').first()).toHaveText(`https://shop.example.com/embed?ref=${ref}`);
    const iframe = page.locator('#referrals iframe');
    await expect(iframe).toHaveAttribute('allow', 'clipboard-write');
    const content = () => embed.locator('#refcount-embed').evaluate((m) => Math.ceil(m.getBoundingClientRect().height));
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await content()))).toBeLessThanOrEqual(1);
    const wide = await frameHeight(page);
    expect(wide).not.toBe(320); // the placeholder height was replaced
    // Narrower host: the content wraps, grows, and the frame follows.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await content()))).toBeLessThanOrEqual(1);
    expect(await frameHeight(page)).toBeGreaterThan(wide);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'embed-host');

    // Copy, then read the clipboard back from the host page.
    await embed.getByRole('button', { name: 'Copy' }).first().click();
    await expect(embed.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://shop.example.com/embed?ref=${ref}`);

    // A click and a sale through the API; the reloaded host shows them.
    await expect(embed.getByTestId('embed-clicks')).toHaveText('0');
    expect((await request.post('/v1/track/click', { headers: auth, data: { ref, url: `https://shop.example.com/embed?ref=${ref}` } })).status()).toBeLessThan(300);
    const sale = await request.post('/v1/track/sale', { headers: auth, data: { external_id: `embed_${stamp}`, ref, amount: 5_000 } });
    expect(sale.status(), await sale.text()).toBeLessThan(300);
    await expect
      .poll(async () => {
        await page.reload();
        return `${await embed.getByTestId('embed-clicks').textContent()}/${await embed.getByTestId('embed-sales').textContent()}`;
      })
      .toBe('1/1');
    await expect(embed.getByTestId('embed-earnings-usd')).toContainText('$10.00'); // 20 % of $50
    await shot(page, 'embed-host-after-sale');

    // The same script and token on an origin the workspace did not list: the browser refuses the frame.
    const refused = page.waitForResponse((r) => r.url().includes('/embed/referrals?token='));
    await page.goto(unlisted.origin);
    const csp = (await refused).headers()['content-security-policy'];
    expect(csp).toContain(`frame-ancestors ${listed.origin}`);
    expect(csp).not.toContain(unlisted.origin);
    await page.waitForTimeout(1_000);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child).toBeTruthy();
    expect(await child!.locator('[data-testid="embed"]').count()).toBe(0);
    expect(await frameHeight(page)).toBe(320); // no height message ever came

    // A credit-only program's dark page (opened directly here): credit wording, no payout screens.
    const credit = await embedToken(listed.origin, { theme: 'dark', hide_payouts: true });
    await page.goto(`/embed/referrals?token=${encodeURIComponent(credit)}`);
    await expect(page.getByRole('heading', { name: 'Credit earned' })).toBeVisible();
    await expect(page.getByTestId('embed')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByText('Payouts', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('embed-payout-method')).toHaveCount(0);
    await shot(page, 'embed-dark-credit');

    // A bad token: one plain "expired" page that nobody may frame.
    const bad = await request.get(`/embed/referrals?token=${encodeURIComponent(`${token}x`)}`);
    expect(bad.status()).toBe(404);
    expect(bad.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(bad.headers()['x-frame-options']).toBe('DENY');
    expect(await bad.text()).toContain('This link has expired');
  } finally {
    await listed.close();
    await unlisted.close();
  }
});
