import { expect, test, type Page } from '@playwright/test';
import { addViewer, demo, mailCount, mailTo, signIn } from './support';

// Every page at desktop (1440 px) and phone (390 px) size: it renders its heading, finishes
// loading, and nothing widens the page past a phone's screen. Screenshots:
// test-results/screens/page-<name>-desktop.png and page-<name>-phone.png.
const SIZES = [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const;

async function capture(page: Page, path: string, name: string, heading: string | RegExp) {
  for (const [size, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    // the API reference renders the whole OpenAPI document in the browser: seconds on a busy CI machine
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
    if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than a phone`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screens/page-${name}-${size}.png`, fullPage: true });
  }
}

/** The first detail link of a list page (or the one named `name`), as a path. */
async function firstDetail(page: Page, list: string, table: string, name?: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(list);
  const links = page.getByRole('table', { name: table }).getByRole('link', name ? { name, exact: true } : {});
  return (await links.first().getAttribute('href'))!;
}

test('every manager page, desktop and phone', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const campaign = await firstDetail(page, '/dashboard/campaigns', 'Campaigns', 'Partner program');
  const affiliate = await firstDetail(page, '/dashboard/affiliates', 'Affiliates', 'Ada Lovelace');
  const conversion = await firstDetail(page, '/dashboard/conversions', 'Conversions');
  const pages: [string, string, string | RegExp][] = [
    ['/dashboard', 'overview', 'Overview'],
    ['/dashboard/reports?range=90d&compare=1', 'reports', 'Reports'],
    ['/dashboard/campaigns', 'campaigns', 'Campaigns'],
    [campaign, 'campaign-detail', /./],
    ['/dashboard/affiliates', 'affiliates', 'Affiliates'],
    [affiliate, 'affiliate-detail', /./],
    ['/dashboard/conversions', 'conversions', 'Conversions'],
    [conversion, 'conversion-detail', /^(Sale|Lead) /],
    ['/dashboard/commissions', 'commissions', 'Commissions'],
    ['/dashboard/payouts', 'payouts', 'Payouts'],
    ['/dashboard/risk', 'risk', 'Risk triage'],
    ['/dashboard/products', 'products', 'Products'],
    ['/dashboard/rewards', 'rewards', 'Rewards'],
    ['/dashboard/webhooks', 'webhooks', 'Webhooks'],
    ['/dashboard/settings', 'settings', 'Settings'],
    ['/docs', 'docs', 'Refcount API reference'],
  ];
  for (const [path, name, heading] of pages) await capture(page, path, name, heading);
  // The demo fills every page: a flagged affiliate, a webhook log, products, rewards.
  await page.goto('/dashboard/risk');
  await expect(page.getByRole('listitem', { name: 'Risk assessment of Sam Quick' })).toBeVisible();
  await page.goto('/dashboard/webhooks');
  await expect(page.getByText('hooks.example.com/refcount')).toBeVisible();
});

test('public and portal pages, desktop and phone', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  for (const [path, name, heading] of [
    ['/login', 'login', 'Sign in to Refcount'],
    ['/forgot-password', 'forgot-password', 'Reset your password'],
    ['/reset-password?token=example', 'reset-password', 'Choose a new password'],
    ['/signup', 'signup', 'Sign-up is closed'],
    ['/join/demo', 'join', /Join the Demo Co Partners/],
    ['/portal/login', 'portal-login', 'Affiliate portal'],
    ['/portal/forgot', 'portal-forgot', 'E-mail me a sign-in link'],
    ['/portal/accept?token=example', 'portal-accept', 'Choose your portal password'],
  ] as const) {
    await capture(page, path, name, heading);
  }
  // An invited affiliate's portal: its branded home and its developer page.
  const email = `screens-${Date.now()}@example.com`;
  const before = mailCount();
  const invited = await request.post('/v1/affiliates/invite', { headers: { Authorization: `Bearer ${demo().token}` }, data: { email, name: 'Screen Shot' } });
  expect(invited.status()).toBe(201);
  const accept = /https?:\/\/\S+\/portal\/accept\?token=[\w-]+/;
  const link = new URL(accept.exec((await mailTo(email, before, accept)).text)![0]);
  const ctx = await browser.newContext();
  const aff = await ctx.newPage();
  await aff.goto(link.pathname + link.search);
  await aff.getByLabel('New password').fill('screens-password');
  await aff.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(aff).toHaveURL(/\/portal$/);
  await capture(aff, '/portal', 'portal', /^Hi /);
  await capture(aff, '/portal/developer', 'portal-developer', 'Developer');
  await ctx.close();
});

test('a manager who forgot the password resets it by e-mail and is signed in', async ({ page, browser }) => {
  await signIn(page);
  const { ctx, email } = await addViewer(page, browser, 'forgetful');
  await ctx.close();
  const fresh = await browser.newPage();
  await fresh.goto('/login');
  await fresh.getByRole('link', { name: 'Reset it' }).click();
  await expect(fresh.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await fresh.getByLabel('E-mail').fill(email);
  const before = mailCount();
  await fresh.getByRole('button', { name: 'Send the link' }).click();
  await expect(fresh.getByTestId('forgot-result')).toContainText('If an account exists');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec((await mailTo(email, before)).text)![0]);
  await fresh.goto(link.pathname + link.search);
  await fresh.getByLabel('New password').fill('a-brand-new-password');
  await fresh.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(fresh).toHaveURL(/\/dashboard$/);
  // The link worked once.
  const again = await browser.newPage();
  await again.goto(link.pathname + link.search);
  await again.getByLabel('New password').fill('another-password');
  await again.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(again.locator('form').getByRole('alert')).toContainText('expired, or was already used');
});
