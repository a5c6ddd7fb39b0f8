import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 47 points 5 and 6 as a manager meets them: on a phone the commissions, conversions and
// payouts lists are cards with the status, the amount and the row's action in view; long unbroken
// text wraps instead of widening the page; a form says every invalid field beside it at once; a
// percent field says percent; the attribution receipt folds a run of repeated touches.
// Every record is the spec's own (a campaign, affiliates, clicks and sales through /v1).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function api<T = Record<string, unknown>>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${demo().token}` }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A campaign paying 20% and an active affiliate on it, the spec's own. */
async function affiliateOnNewCampaign(request: APIRequestContext, prefix: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const campaign = (await api<{ data: { id: string } }>(request, 'POST', '/v1/campaigns', { name: `${prefix} ${stamp}`, destination_url: 'https://shop.example.com' })).data;
  await api(request, 'PUT', `/v1/campaigns/${campaign.id}/commission-rule`, { amount: 20, length_type: 'lifetime' });
  const ref = `${prefix}${stamp}`;
  const affiliate = (await api<{ data: { id: string } }>(request, 'POST', '/v1/affiliates', { email: `${ref}@example.com`, name: `${prefix} ${stamp}`, ref_code: ref, status: 'active', campaign_id: campaign.id })).data;
  return { campaignId: campaign.id, affiliateId: affiliate.id, ref, stamp };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Visible and inside the screen's width: no sideways scroll needed to see it. */
async function inView(page: Page, l: Locator) {
  await expect(l).toBeVisible();
  const box = (await l.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone, commissions, conversions and payouts are cards with status, amount and action in view', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { affiliateId, ref, stamp } = await affiliateOnNewCampaign(request, 'card');
  await api(request, 'POST', '/v1/track/sale', { external_id: `card-${stamp}`, ref, amount: 12_345 });
  await page.setViewportSize(PHONE);
  await signIn(page);

  await page.goto(`/dashboard/commissions?affiliate_id=${affiliateId}`);
  const commission = page.getByRole('table', { name: 'Commissions' }).locator('tbody tr').first();
  await expect(commission).toBeVisible();
  await inView(page, commission.locator('td[data-label="Status"]'));
  await expect(commission.locator('td[data-label="Status"]')).toContainText('pending');
  await inView(page, commission.locator('td[data-label="Amount"]'));
  await expect(commission.locator('td[data-label="Amount"]')).toContainText('24.69');
  await inView(page, commission.getByRole('button', { name: 'Adjust' }));
  // A card, not a row: the column headers are out of sight and the cells stack.
  await expect(page.getByRole('table', { name: 'Commissions' }).locator('thead')).not.toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'commissions-cards-phone');

  await page.goto(`/dashboard/conversions?affiliate_id=${affiliateId}`);
  const conversion = page.getByRole('table', { name: 'Conversions' }).locator('tbody tr').first();
  await inView(page, conversion.locator('td[data-label="Status"]'));
  await inView(page, conversion.locator('td[data-label="Amount"]'));
  await expect(conversion.locator('td[data-label="Amount"]')).toContainText('123.45');
  await inView(page, conversion.locator('td[data-label="When"]').getByRole('link'));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'conversions-cards-phone');

  // The demo's payouts (one waits to be paid, unless another spec paid it).
  await page.goto('/dashboard/payouts');
  const payout = page.getByRole('table', { name: 'Payouts' }).locator('tbody tr').first();
  await inView(page, payout.locator('td[data-label="Status"]'));
  await inView(page, payout.locator('td[data-label="Amount"]'));
  const pending = page.getByRole('table', { name: 'Payouts' }).locator('tbody tr').filter({ has: page.locator('td[data-label="Status"]', { hasText: 'pending' }) });
  if ((await pending.count()) > 0) await inView(page, pending.first().getByRole('button', { name: 'Mark paid' }));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'payouts-cards-phone');

  // At desktop width the same lists are tables again, headers in view.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/commissions?affiliate_id=${affiliateId}`);
  await expect(page.getByRole('table', { name: 'Commissions' }).getByRole('columnheader', { name: 'Status' })).toBeInViewport();
  await shot(page, 'commissions-cards-desktop');
});

test('a 1,000-character unbroken note and a 200-character name wrap on the affiliates pages, phone and desktop', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Longname${stamp}`.padEnd(200, 'x');
  const note = `https://example.com/${stamp}/`.padEnd(1000, 'y');
  await page.setViewportSize(PHONE);
  await page.goto('/join/demo');
  const form = page.getByRole('form', { name: 'Apply' });
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('E-mail').fill(`long-${stamp}-${'z'.repeat(40)}@example.com`);
  await form.getByLabel('How will you promote us?').fill(note);
  await form.getByLabel(/I accept/).check();
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('join-done')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await signIn(page);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/affiliates');
    const application = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').filter({ hasText: `Longname${stamp}` });
    await expect(application).toContainText(note.slice(0, 40));
    expect(await pageWidth(page), `affiliates page at ${size.width}`).toBeLessThanOrEqual(size.width);
    await shot(page, `affiliates-long-note-${size.width}`);
    await application.getByRole('link', { name: new RegExp(`^Longname${stamp}`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Longname${stamp}`);
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await pageWidth(page), `affiliate page at ${size.width}`).toBeLessThanOrEqual(size.width);
    await shot(page, `affiliate-long-name-${size.width}`);
  }
});

test('a form says every invalid field beside it at once, and a percent field says percent', async ({ page }) => {
  await signIn(page);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/campaigns');
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Name').fill('   ');
    await form.getByLabel(/Landing page/).fill('http://shop.example.com');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    // Both problems at once, each beside its own field, before anything is sent.
    await expect(form.getByTestId('field-error-name')).toHaveText('Name is required.');
    await expect(form.getByTestId('field-error-destination_url')).toHaveText('Landing page must start with https://.');
    await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    await shot(page, `form-field-errors-${size.width}`);
  }

  // Fixed, the campaign is created and the errors are gone.
  const name = `Fields ${Date.now()}`;
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/Landing page/).fill('https://shop.example.com');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: name })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  // The rate form: "%" beside the percent, the amount and the months both refused at once.
  await page.getByRole('link', { name }).click();
  const rate = page.getByRole('form', { name: 'Set rate' });
  await rate.getByLabel('Rate type').selectOption('percent');
  await expect(rate.getByTestId('unit')).toHaveText('%');
  await rate.getByLabel('Percent', { exact: true }).fill('');
  await rate.getByLabel('Paid on').selectOption('limited');
  await rate.getByLabel('Months', { exact: true }).fill('0');
  await rate.getByRole('button', { name: 'Save rate' }).click();
  await expect(rate.getByTestId('field-error-amount')).toHaveText('Percent: enter a number, like 25.');
  await expect(rate.getByTestId('field-error-length_months')).toHaveText('Months must be at least 1.');
  await shot(page, 'rate-form-percent-errors');
  // What only the server checks (a percentage above 100) lands beside its field too.
  await rate.getByLabel(/^Percent/).fill('150');
  await rate.getByLabel(/^Months/).fill('6');
  await rate.getByRole('button', { name: 'Save rate' }).click();
  await expect(rate.getByTestId('field-error-amount')).toContainText('at most 100');
  await expect(rate.getByTestId('field-error-length_months')).toHaveCount(0);
  await rate.getByLabel(/^Percent/).fill('25');
  await rate.getByLabel(/^Months/).fill('6');
  await rate.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByRole('table', { name: 'Commission rules' })).toContainText('25%');

  await page.goto('/dashboard/rewards');
  await expect(page.getByRole('form', { name: 'Add reward' }).getByTestId('unit')).toHaveText('%');
});

test('the attribution receipt folds 99 fingerprint touches of one affiliate into one line that opens', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { ref, stamp } = await affiliateOnNewCampaign(request, 'fp');
  const fingerprint = `fp-${stamp}`;
  for (let i = 0; i < 100; i++) await api(request, 'POST', '/v1/track/click', { ref, fingerprint });
  const sale = await api<{ conversion_id: string }>(request, 'POST', '/v1/track/sale', { external_id: `fp-${stamp}`, fingerprint, amount: 5_000 });
  await signIn(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/dashboard/conversions/${sale.conversion_id}`);
    const touches = page.getByRole('list', { name: 'Touches' });
    // The first touch, "98 more fingerprint touches, same affiliate", and the winning touch on its own line.
    await expect(touches.locator(':scope > li')).toHaveCount(2);
    const more = touches.getByRole('button', { name: '98 more fingerprint touches, same affiliate' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(touches.locator(':scope > li').last()).toContainText('(won)');
    await expect(touches.locator(':scope > li').first()).toContainText(`fp ${stamp}`); // the affiliate's name, loaded
    expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    await shot(page, `receipt-folded-${size.width}`);
  }
  const touches = page.getByRole('list', { name: 'Touches' });
  await touches.getByRole('button', { name: '98 more fingerprint touches, same affiliate' }).click();
  await expect(touches.getByRole('list', { name: '98 more fingerprint touches, same affiliate' }).getByRole('listitem')).toHaveCount(98);
  await expect(touches.getByRole('button', { name: 'Fold' })).toHaveAttribute('aria-expanded', 'true');
  await shot(page, 'receipt-open-phone');
});
