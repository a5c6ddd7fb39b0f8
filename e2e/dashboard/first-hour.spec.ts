import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demo, mailCount, mailTo, signIn } from '../support';

// A newcomer's first hour on the demo, at 1440 px: the money loop (approve → batch → CSV → paid),
// then an affiliate applies on the join page, is approved, copies its link, and a click and a
// sale through that link show up in its portal. Screenshots: test-results/screens/first-hour-*.png.
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/first-hour-${name}.png`, fullPage: true });

test('demo login → approve → pay out → CSV → paid', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // The preview says why nothing is paid yet, affiliate by affiliate.
  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Create payout batch' }).click();
  const preview = page.getByRole('region', { name: 'Payout batch preview' });
  const waiting = preview.getByRole('region', { name: 'Not due yet' });
  // (Every entry says why; the dates depend on the hold period, which other specs may have changed.)
  await expect(waiting.getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).first()).toContainText(/Not approved yet/);
  await shot(page, 'payout-reasons');
  await preview.getByRole('button', { name: 'Cancel' }).click();

  // Commissions past their hold, waiting for approval: the payable-on column says "now".
  await page.goto('/dashboard/commissions?status=pending&payable=now&q=Ada');
  const rows = page.getByRole('table', { name: 'Commissions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Ada Lovelace');
  await expect(page.getByTestId('payable-on').first()).toHaveText('now');
  await shot(page, 'commissions-payable');
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page.getByRole('group', { name: 'Bulk review' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /approved/ })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toBeVisible();

  // The batch pays Ada; the CSV carries her; marking it paid settles it.
  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Create payout batch' }).click();
  await expect(page.getByRole('table', { name: 'Payouts to create' })).toContainText('Ada Lovelace');
  await shot(page, 'batch-preview');
  await page.getByRole('button', { name: /^Create \d+ payouts?$/ }).click();
  await expect(page.getByText(/Created \d+ payout/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export pending as CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toMatch(/^ada@example\.com,\d+\.\d{2},USD,,Refcount payout /m);
  const adaRow = page.getByRole('row', { name: /Ada Lovelace/ }).filter({ hasText: 'pending' }).first();
  await adaRow.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByRole('dialog', { name: 'Mark this payout paid?' }).getByRole('button', { name: 'Confirm paid' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /marked paid/ })).toBeVisible();
  await shot(page, 'payouts-paid');
});

test('an affiliate applies, is approved, copies a link; a click and a sale show up in its portal', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `nia-${stamp}@example.com`;

  // The join page, in the program's brand.
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const aff = await ctx.newPage();
  await aff.goto('/join/demo');
  await expect(aff.getByTestId('program-name')).toHaveText('Demo Co Partners');
  // The deal in words, from the default campaign's rule (its rate may be another spec's).
  await expect(aff.getByTestId('commission-terms')).toHaveText(/^For each customer you refer, you earn \S+ (of|for) (the first payment|every payment)/);
  await aff.getByLabel('Your name').fill(`Nia ${stamp}`);
  await aff.getByLabel('E-mail').fill(email);
  await aff.getByLabel(/How will you promote us/).fill('A cooking channel with 40k subscribers');
  await aff.getByRole('button', { name: 'Apply' }).click();
  // The terms checkbox is required: the browser keeps the form until it is ticked.
  await expect(aff.getByTestId('join-done')).toHaveCount(0);
  await aff.getByLabel(/I accept the/).check();
  const before = mailCount();
  await aff.getByRole('button', { name: 'Apply' }).click();
  await expect(aff.getByTestId('join-done')).toContainText(email);
  await shot(aff, 'join-done');
  // Its sign-in link opens the portal's sign-in in the program's brand.
  await aff.getByRole('link', { name: 'Partner sign-in' }).click();
  await expect(aff).toHaveURL(/\/portal\/login\?program=demo$/);
  await expect(aff.getByRole('heading', { name: 'Demo Co Partners partner portal' })).toBeVisible();
  await expect(aff.getByTestId('program-name')).toHaveText('Demo Co Partners');
  await shot(aff, 'portal-login-branded');

  // The e-mail confirms the address and sets the password; the portal says the application waits.
  const mail = await mailTo(email, before);
  const link = new URL(/https?:\/\/\S+\/portal\/accept\?token=[\w-]+/.exec(mail.text)![0]);
  await aff.goto(link.pathname + link.search);
  await aff.getByLabel('New password').fill('nia-password');
  await aff.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(aff).toHaveURL(/\/portal$/);
  await expect(aff.getByRole('status').filter({ hasText: 'Your application is being reviewed' })).toBeVisible();
  await expect(aff.getByTestId('program-name')).toContainText('Demo Co Partners');
  await expect(aff.getByTestId('commission-terms')).toContainText('Your deal: for each customer you refer, you earn');

  // The manager approves the application from the Affiliates page.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/dashboard/affiliates');
  const application = page.getByRole('list', { name: 'Applications' }).getByRole('listitem').filter({ hasText: email });
  await expect(application).toContainText('A cooking channel');
  await shot(page, 'applications');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'approved' })).toBeVisible();

  // The affiliate copies its default link and makes one with a sub-id.
  await aff.reload();
  await expect(aff.getByRole('status').filter({ hasText: 'being reviewed' })).toHaveCount(0);
  const defaultLink = aff.getByTestId('referral-link').first();
  await expect(defaultLink).toContainText('https://shop.example.com/?ref=');
  const url = (await defaultLink.textContent())!;
  const ref = new URL(url).searchParams.get('ref')!;
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  await aff.getByRole('button', { name: 'Copy link' }).first().click();
  await expect(aff.getByRole('button', { name: 'Copied' })).toBeVisible();
  await aff.getByLabel('Sub-id (optional)').fill('youtube');
  await aff.getByRole('button', { name: 'Make a link' }).click();
  await expect(aff.getByTestId('referral-link').filter({ hasText: 'sub_id=youtube' })).toBeVisible();

  // A visitor clicks the link and buys: the shop's server reports both.
  const auth = { Authorization: `Bearer ${demo().token}` };
  const click = await request.post('/v1/track/click', { headers: auth, data: { ref, url } });
  expect(click.status()).toBe(200);
  const sale = await request.post('/v1/track/sale', { headers: auth, data: { external_id: `nia-order-${stamp}`, visitor_id: (await click.json()).visitor_id, amount: 12_900 } });
  expect((await sale.json()).attributed).toBe(true);
  await aff.reload();
  await expect(aff.getByTestId('stat-clicks')).toHaveText('1');
  await expect(aff.getByTestId('stat-sales')).toHaveText('1');
  await expect(aff.getByRole('table', { name: 'Your conversions' })).toContainText('$129.00');
  await shot(aff, 'portal');
  await ctx.close();
});
