import { expect, test } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 45: the manager sets a customer discount on a campaign, its affiliate gets a code made from
// its ref code, signs in to the portal, copies the code and renames it (docs/codes.md).
test('the manager sets a discount; the affiliate copies its code in the portal and renames it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const auth = { Authorization: `Bearer ${demo().token}` };
  // A campaign and an affiliate of its own, so the demo's campaigns and the other specs are untouched.
  const campaign = await request.post('/v1/campaigns', { headers: auth, data: { name: `Podcast ${stamp}`, destination_url: 'https://shop.example.com' } });
  expect(campaign.status()).toBe(201);
  const campaignId = (await campaign.json()).data.id as string;
  const created = await request.post('/v1/affiliates', {
    headers: auth,
    data: { email: `pod-${stamp}@example.com`, name: `Pod ${stamp}`, ref_code: `pod-${stamp}`, status: 'active', campaign_id: campaignId },
  });
  expect(created.status()).toBe(201);
  const affiliateId = (await created.json()).data.id as string;
  const code = `POD${stamp}`;

  // The manager sets 15% off for 3 months, the code winning over a click.
  await signIn(page);
  await page.goto(`/dashboard/campaigns/${campaignId}`);
  const form = page.getByRole('form', { name: 'Customer discount' });
  await expect(page.getByTestId('discount-summary')).toContainText('No discount');
  await form.getByLabel(/^Discount/).selectOption('percent');
  await form.getByLabel('Percent', { exact: true }).fill('15');
  await form.getByLabel('Applies to').selectOption('repeating');
  await form.getByLabel('Months', { exact: true }).fill('3');
  await form.getByLabel(/typed a code/).selectOption('code');
  await form.getByRole('button', { name: 'Save discount' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Discount saved.' })).toBeVisible();
  await expect(page.getByTestId('discount-summary')).toHaveText('Codes give 15% off, 3 months.');
  await shot(page, 'campaign-discount');

  // The affiliate's page shows the generated code and its sync: pending until the sync job's next
  // run (each minute), then in sync (no provider is connected here, so nothing to push).
  await page.goto(`/dashboard/affiliates/${affiliateId}`);
  const codes = page.getByRole('region', { name: 'Coupon codes' });
  await expect(codes.getByTestId('code-row')).toHaveCount(1);
  await expect(codes.getByTestId('code-row')).toContainText(code);
  await expect(codes.getByTestId('code-row')).toContainText(/sync pending|in sync/);
  await expect(async () => {
    await page.getByRole('button', { name: 'New invitation link' }).click();
    await expect(page.getByTestId('secret')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const acceptUrl = new URL((await page.getByTestId('secret').textContent())!.trim());
  await shot(page, 'affiliate-codes');

  // The affiliate signs in (its own browser, with clipboard access) and copies the code.
  const affCtx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const aff = await affCtx.newPage();
  await aff.goto(acceptUrl.pathname + acceptUrl.search);
  await aff.getByLabel('New password').fill('affiliate-pass');
  await aff.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(aff).toHaveURL(/\/portal$/);
  await expect(aff.getByTestId('coupon-code')).toHaveText([code]);
  const copy = aff.getByRole('button', { name: 'Copy code' });
  await copy.click();
  await expect(aff.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await aff.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await aff.screenshot({ path: 'test-results/screens/portal-codes.png', fullPage: true });

  // It renames the code: the new one is active, the old one no longer works.
  await aff.getByLabel(`Rename ${code}`, { exact: false }).fill(`${code}X`);
  await aff.getByRole('button', { name: 'Rename' }).click();
  await expect(aff.getByTestId('coupon-code')).toHaveText([`${code}X`]);
  await expect(aff.getByText(`No longer working: ${code}`)).toBeVisible();

  // The manager sees both, the old one inactive.
  await page.reload();
  await expect(codes.getByTestId('code-row')).toHaveCount(2);
  await expect(codes.getByTestId('code-row').filter({ hasText: `${code}X` })).toContainText('active');
  await expect(codes.getByTestId('code-row').filter({ hasText: 'renamed' })).toContainText(code);
  await affCtx.close();
});
