import { expect, test } from '@playwright/test';
import { DEMO_LOGIN, signIn } from '../support';

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

// Every page carries a per-request nonce CSP that Next stamps on its own scripts; nothing the
// pages need is refused by it, and the embeddable snippet keeps its permissive CORS.
test('pages carry the security headers, every script has the nonce, and nothing is refused', async ({ page, request }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const seen = new Set<string>();
  for (const path of ['/login', '/signup', '/portal/login', '/docs']) {
    const res = (await page.goto(path))!;
    const h = res.headers();
    const nonce = nonceOf(h['content-security-policy'] ?? '');
    expect(nonce, path).toBeTruthy();
    seen.add(nonce!);
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(seen.size).toBe(4); // a fresh nonce each time
  // The pages still work under the policy: sign in and use the dashboard (client-side rendering).
  await signIn(page);
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  expect(refused).toEqual([]);

  const snippet = await request.get('/refcount.js');
  expect(snippet.headers()['access-control-allow-origin']).toBe('*');
  expect(snippet.headers()['content-security-policy']).toBeUndefined();
  expect(snippet.headers()['x-content-type-options']).toBe('nosniff');
  const preflight = await request.fetch('/api/collect', { method: 'OPTIONS', headers: { Origin: 'https://shop.example.com', 'Access-Control-Request-Method': 'POST' } });
  expect(preflight.headers()['access-control-allow-origin']).toBe('https://shop.example.com');
});

test('dashboard and portal writes and sign-in from another site are refused', async ({ request, baseURL }) => {
  const evil = { Origin: 'https://evil.example' };
  const write = { data: { json: { name: 'From elsewhere' } }, headers: { 'Content-Type': 'application/json' } };
  for (const path of ['/api/trpc/campaigns.create', '/portal/api/trpc/portal.createKey']) {
    const refused = await request.post(path, { ...write, headers: { ...write.headers, ...evil } });
    expect(refused.status(), path).toBe(403);
    expect((await refused.json()).error).toBe('cross_site_request');
    // From the install's own origin the check passes and the session decides (none here: 401).
    const own = await request.post(path, { ...write, headers: { ...write.headers, Origin: baseURL! } });
    expect(own.status(), path).toBe(401);
  }
  const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
  const form = { ...DEMO_LOGIN, csrfToken, json: 'true' };
  const signInElsewhere = await request.post('/api/auth/callback/credentials', { form, headers: evil });
  expect(signInElsewhere.status()).toBe(403);
  const session = await (await request.get('/api/auth/session')).json();
  expect(session).toEqual({});
});
