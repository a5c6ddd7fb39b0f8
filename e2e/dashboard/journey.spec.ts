import { expect, test } from '@playwright/test';
import { addViewer, shot, signIn } from '../support';

test('the manager runs the program end to end and the affiliate sees the payout', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await signIn(page);

  await page.goto('/dashboard');
  await expect(page.getByText('Affiliates awaiting approval')).toBeVisible();
  await shot(page, 'overview');

  // Settings: no hold period and a $10 minimum so the sale can be paid today; an API key for the shop's server.
  await page.goto('/dashboard/settings');
  await page.getByLabel('Hold period (days)').fill('0');
  await page.getByLabel(/Minimum payout/).fill('10');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.getByLabel('track', { exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key').textContent())!.trim();
  expect(key).toMatch(/^sa_live_/);
  await shot(page, 'settings');

  // The affiliate joins the workspace's oldest active campaign; set that campaign's rate.
  await page.goto('/dashboard/campaigns');
  await page.getByRole('link', { name: 'Partner program' }).click();
  await page.getByLabel('Rate type').selectOption('percent');
  await page.getByLabel('Percent', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByTestId('current-rate')).toContainText('20%');
  await shot(page, 'campaign-detail');

  const email = `ann-${stamp}@example.com`;
  await page.goto('/dashboard/affiliates');
  await page.getByLabel('Affiliate e-mail').fill(email);
  await page.getByLabel('Affiliate name').fill(`Ann ${stamp}`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `Invited ${email}` })).toBeVisible();
  await expect(page.getByLabel('Affiliate e-mail')).toHaveValue('');
  await page.getByLabel('Status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  const row = page.getByRole('table', { name: 'Affiliates' }).getByRole('row', { name: new RegExp(`Ann ${stamp}`) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);
  await shot(page, 'affiliates');

  await page.goto('/dashboard/affiliates?status=active');
  await page.getByRole('link', { name: `Ann ${stamp}` }).click();
  await page.waitForURL(/\/dashboard\/affiliates\/[0-9a-f-]{36}$/);
  const affiliateId = page.url().split('/').pop()!;
  await expect(page.getByTestId('default-link')).toContainText('?ref=');
  await page.getByLabel('Sub-id (optional)').fill('newsletter');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('region', { name: 'Referral links' })).toContainText('sub_id=newsletter');
  await page.getByRole('button', { name: 'New invitation link' }).click();
  const acceptUrl = (await page.getByTestId('secret').textContent())!.trim();
  expect(acceptUrl).toContain('/portal/accept?token=');
  const refCode = (await page.getByTestId('affiliate-ref_code').textContent())!.trim();
  await shot(page, 'affiliate-detail');

  // The affiliate accepts the invitation and copies its link (its own browser).
  const affCtx = await browser.newContext();
  const aff = await affCtx.newPage();
  await aff.goto(new URL(acceptUrl).pathname + new URL(acceptUrl).search);
  await aff.getByLabel('New password').fill('affiliate-pass');
  await aff.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(aff).toHaveURL(/\/portal$/);
  // The default link and the one the manager made.
  await expect(aff.getByTestId('referral-link')).toHaveCount(2);
  await expect(aff.getByTestId('referral-link').first()).toContainText(`=${refCode}`);

  // A tracked click and sale from the shop's server.
  const auth = { Authorization: `Bearer ${key}` };
  const click = await request.post('/v1/track/click', { headers: auth, data: { ref: refCode } });
  expect(click.status()).toBe(200);
  const { visitor_id } = await click.json();
  const sale = await request.post('/v1/track/sale', { headers: auth, data: { external_id: `order-${stamp}`, visitor_id, amount: 10000 } });
  expect((await sale.json()).attributed).toBe(true);

  await page.goto(`/dashboard/conversions?affiliate_id=${affiliateId}`);
  await page.getByRole('link').filter({ hasText: /\d{4}/ }).first().click();
  await expect(page.getByRole('heading', { name: `Sale order-${stamp}` })).toBeVisible();
  await expect(page.getByText('Matched by')).toBeVisible();
  await shot(page, 'conversion-detail');
  await page.goto('/dashboard/conversions');
  await shot(page, 'conversions');

  await page.goto(`/dashboard/commissions?affiliate_id=${affiliateId}&status=pending`);
  await expect(page.getByRole('cell', { name: '$20.00' })).toBeVisible();
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No commission matches these filters.');
  await page.goto(`/dashboard/commissions?affiliate_id=${affiliateId}`);
  await expect(page.getByRole('row', { name: /approved/ })).toHaveCount(1);
  await shot(page, 'commissions');

  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Create payout batch' }).click();
  await expect(page.getByRole('table', { name: 'Payouts to create' })).toContainText('$20.00');
  await page.getByRole('button', { name: /^Create \d+ payouts?$/ }).click();
  await expect(page.getByText(/Created \d+ payout/)).toBeVisible();
  const payoutRow = page.getByRole('row', { name: new RegExp(`Ann ${stamp}`) }).first();
  await expect(payoutRow).toContainText('$20.00');
  await payoutRow.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByRole('dialog', { name: 'Mark this payout paid?' }).getByRole('button', { name: 'Confirm paid' }).click();
  await expect(payoutRow.getByRole('button', { name: 'Undo paid' })).toBeVisible();
  await shot(page, 'payouts');

  await aff.reload();
  await expect(aff.getByTestId('stat-paid')).toHaveText('$20.00');
  await expect(aff.getByRole('table', { name: 'Your payouts' })).toContainText('paid');
  await expect(aff.getByTestId('earnings-total')).toContainText('$20.00');
  await aff.screenshot({ path: 'test-results/screens/portal.png', fullPage: true });
  await aff.setViewportSize({ width: 390, height: 844 });
  await aff.screenshot({ path: 'test-results/screens/portal-phone.png', fullPage: true });
  await aff.goto('/portal/developer');
  await aff.getByRole('button', { name: 'Create key' }).click();
  await expect(aff.getByTestId('new-key')).toContainText('refa_live_');
  await aff.screenshot({ path: 'test-results/screens/portal-developer.png', fullPage: true });
  await affCtx.close();
});

test('a viewer sees no write actions and a write call is refused', async ({ page, browser }) => {
  await signIn(page);
  const { viewer, ctx } = await addViewer(page, browser);
  await viewer.goto('/dashboard/settings');
  await expect(viewer.getByText('Your role: viewer')).toBeVisible();
  await expect(viewer.getByRole('row').first()).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await viewer.goto('/dashboard/affiliates');
  await expect(viewer.getByRole('table', { name: 'Affiliates' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Approve|Suspend/ })).toHaveCount(0);
  await viewer.screenshot({ path: 'test-results/screens/viewer-affiliates.png', fullPage: true });
  const refused = await viewer.request.post('/api/trpc/team.createKey', { data: { scopes: ['read'] } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.data.api).toMatchObject({ error: 'insufficient_scope', need: 'write' });
  await ctx.close();
});
