import { expect, test, type Page } from '@playwright/test';
import { signed, stripeEvent } from '../../server/testing/stripe/event';
import { checkoutSession, invoice, sid } from '../../server/testing/stripe/objects';
import { demo, shot, signIn } from '../support';

// A referral click in Chromium, then the Stripe events for that visitor (Stripe's shapes, signed
// as Stripe signs them), then the commission on the dashboard and in the affiliate's portal.

const SECRET = `whsec_e2e${Date.now()}abcdefghijklmnop`;

async function openShop(page: Page, baseURL: string, publicId: string) {
  // The shop's own domain answered in the browser; its /refcount.js proxied to the app (see
  // e2e/tracking/browser-flow.spec.ts for why).
  await page.route('https://shop.example.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/refcount.js' || pathname === '/api/collect') return route.fulfill({ response: await route.fetch({ url: baseURL + pathname }) });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Shop</title><h1>Pro plan</h1>
        <a id="buy" href="https://buy.stripe.com/test_00e3cd">Buy</a>
        <script src="/refcount.js" data-workspace="${publicId}"></script>`,
    });
  });
}

test('Stripe events for a referred visitor earn the affiliate a commission, seen on the dashboard and in the portal', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const { token, publicId } = demo();
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers: auth, data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()).data;
  };
  const campaign = await post('/v1/campaigns', { name: `Stripe ${stamp}`, destination_url: 'https://shop.example.com/pricing' });
  expect((await request.put(`/v1/campaigns/${campaign.id}/commission-rule`, { headers: auth, data: { amount: 20, length_type: 'lifetime' } })).status()).toBe(200);
  const ref = `str${stamp}`;
  const created = await post('/v1/affiliates', { email: `${ref}@example.com`, name: `Stripe Sam ${stamp}`, ref_code: ref, status: 'active', campaign_id: campaign.id });

  const aff = { id: (created.affiliate_id ?? created.id) as string };

  // The manager connects Stripe: the page shows the exact endpoint and takes the signing secret.
  await signIn(page);
  await page.goto('/dashboard/integrations');
  const endpoint = `${baseURL}/integrations/stripe/${publicId}`;
  await expect(page.getByTestId('endpoint-url')).toHaveText(endpoint);
  await expect(page.getByRole('list', { name: 'Events to select' })).toContainText('invoice.paid');
  await page.getByRole('textbox', { name: 'Signing secret' }).fill(SECRET);
  await page.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(page.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();

  // A referral click in Chromium: the shop's page with ?ref=, the snippet keeps the visitor and
  // hands it to Checkout.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await openShop(shop, baseURL!, publicId);
  await shop.goto(`https://shop.example.com/pricing?ref=${ref}`);
  await shop.waitForFunction(() => 'refcount' in window);
  type Rc = { ready: Promise<string>; checkout(p: object): { client_reference_id?: string } };
  const visitor = await shop.evaluate(() => (window as unknown as { refcount: Rc }).refcount.ready);
  expect(visitor).toMatch(/^v_/);
  expect(await shop.evaluate(() => (window as unknown as { refcount: Rc }).refcount.checkout({ mode: 'subscription' }).client_reference_id)).toBe(visitor);
  await expect(shop.locator('#buy')).toHaveAttribute('href', `https://buy.stripe.com/test_00e3cd?client_reference_id=${visitor}`);
  await shopper.close();

  // Stripe reports the checkout and the paid first invoice of the subscription.
  const customer = sid('cus');
  const subscription = sid('sub');
  const paidAt = Math.ceil(Date.now() / 1000) + 1;
  const inv = invoice({ customer, subscription, amountPaid: 10_000, paidAt });
  for (const event of [
    stripeEvent('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, subscription, clientReferenceId: visitor })),
    stripeEvent('invoice.paid', inv),
  ]) {
    const { body, header } = signed(event, SECRET);
    const res = await request.post(`/integrations/stripe/${publicId}`, { data: body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header } });
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe('applied');
  }

  await page.reload();
  const log = page.getByRole('table', { name: 'Provider events' });
  await expect(log.getByRole('row', { name: /invoice\.paid/ })).toContainText('conversion_created');
  await expect(log.getByRole('row', { name: /checkout\.session\.completed/ })).toContainText('customer_linked');
  await expect(page.getByTestId('count-applied')).toContainText('applied 2');
  await shot(page, 'integrations');

  await page.goto(`/dashboard/commissions?affiliate_id=${aff.id}`);
  await expect(page.getByRole('cell', { name: '$20.00' })).toBeVisible();
  await shot(page, 'integrations-commission');

  // The affiliate signs in to the portal through an invitation link and sees the pending $20.
  await page.goto(`/dashboard/affiliates/${aff.id}`);
  // A click that lands before the page has hydrated does nothing (it failed CI once): click until
  // the link shows. A second link replaces the first; the one shown is the one that works.
  await expect(async () => {
    await page.getByRole('button', { name: 'New invitation link' }).click();
    await expect(page.getByTestId('secret')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const acceptUrl = new URL((await page.getByTestId('secret').textContent())!.trim());
  const affCtx = await browser.newContext();
  const portal = await affCtx.newPage();
  await portal.goto(acceptUrl.pathname + acceptUrl.search);
  await portal.getByLabel('New password').fill('affiliate-pass');
  await portal.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(portal).toHaveURL(/\/portal$/);
  await expect(portal.getByTestId('stat-sales')).toHaveText('1');
  await expect(portal.getByTestId('stat-pending')).toHaveText('$20.00');
  await affCtx.close();
});
