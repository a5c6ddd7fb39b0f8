import { expect, test } from '@playwright/test';
import { addViewer, shot, signIn } from '../support';

// The overview, risk, webhooks, products and rewards pages, signed in as the demo manager.
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
});

test('overview reads the reports: KPIs, a metric switch and top affiliates', async ({ page }) => {
  await page.goto('/dashboard');
  // The demo seeds 300+ back-dated clicks and $903.00 of net revenue in 30 days (other specs may add to both).
  await expect(page.getByTestId('kpi-clicks')).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId('kpi-clicks').textContent())).toBeGreaterThanOrEqual(72);
  await expect(page.getByTestId('kpi-revenue')).toHaveText(/^\$\d/);
  expect(Number((await page.getByTestId('kpi-revenue').textContent())!.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(474);
  await expect(page.getByTestId('series-total')).toHaveText(/^\d+$/);
  await page.getByRole('button', { name: 'Revenue' }).click();
  await expect(page.getByRole('button', { name: 'Revenue' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Revenue per day' })).toBeVisible();
  await expect(page.getByTestId('series-total')).toHaveText(/^\$\d/);
  await expect(page.getByRole('table', { name: 'Top affiliates' })).toContainText('Ada Lovelace');
  await expect(page.getByText('Affiliates awaiting approval')).toBeVisible();
  await shot(page, 'overview');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'overview-phone');
});

test('risk triage lists an assessment with its evidence, filters in the URL and dismisses', async ({ page }) => {
  await page.goto('/dashboard');
  const href = await page.getByRole('table', { name: 'Top affiliates' }).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href');
  const affiliateId = href!.split('/').pop()!;
  const assessed = await page.request.post('/api/trpc/risk.assess', { data: { affiliate_id: affiliateId } });
  expect(assessed.status()).toBe(200);
  const level = (await assessed.json()).result.data.data.risk_level as string;

  await page.goto('/dashboard/risk');
  const item = page.getByRole('listitem', { name: 'Risk assessment of Ada Lovelace' });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('risk-score')).toHaveText(/^\d+$/);
  await expect(item).toContainText('Recommended:');
  await item.getByText('Evidence').click();
  await expect(item.getByText('Clicks', { exact: true })).toBeVisible();
  await page.getByLabel('Risk level').selectOption(level);
  await expect(page).toHaveURL(new RegExp(`risk_level=${level}`));
  await expect(item).toBeVisible();
  await shot(page, 'risk');
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(item.getByText(/Dismiss this assessment/)).toBeVisible();
  await item.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('listitem', { name: 'Risk assessment of Ada Lovelace' })).toHaveCount(0);
});

test('products: the unmapped-products policy and adding a catalog product', async ({ page }) => {
  const id = `prod_e2e_${Date.now()}`;
  await page.goto('/dashboard/products');
  await expect(page.getByRole('switch', { name: /Commission unmapped products/ })).toBeVisible();
  await page.getByLabel('Provider product id').fill(id);
  await page.getByLabel('Product name').fill('E2E plan');
  await page.getByRole('form', { name: 'Add product' }).getByLabel('Campaign redirect').selectOption({ label: 'Partner program' });
  await page.getByRole('button', { name: 'Add product' }).click();
  const row = page.getByRole('row', { name: new RegExp(id) });
  await expect(row).toContainText('Partner program');
  await row.getByRole('button', { name: 'Edit E2E plan' }).click();
  const edit = page.getByRole('form', { name: 'Edit E2E plan' });
  await edit.getByLabel('Commissionable').uncheck();
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('row', { name: new RegExp(id) })).toContainText('no');
  await shot(page, 'products');
});

test('rewards: add a library reward and archive it', async ({ page }) => {
  const name = `E2E reward ${Date.now()}`;
  await page.goto('/dashboard/rewards');
  await page.getByLabel('Reward name').fill(name);
  await page.getByLabel('Percent', { exact: true }).fill('15');
  await page.getByRole('combobox', { name: /^Length/ }).selectOption('limited');
  await page.getByRole('spinbutton', { name: 'Months' }).fill('6');
  await page.getByRole('button', { name: 'Add reward' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('15% · 6 months');
  await shot(page, 'rewards');
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await row.getByRole('button', { name: 'Confirm archive' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel('Show archived').click();
  await expect(page).toHaveURL(/archived=include/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('archived');
});

test('a viewer sees the new pages without write actions', async ({ page, browser }) => {
  const { viewer, ctx } = await addViewer(page, browser, 'viewer-pages');
  await viewer.goto('/dashboard/risk');
  await expect(viewer.getByRole('list', { name: 'Risk queue' }).or(viewer.getByTestId('empty-state'))).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Dismiss|Suspend/ })).toHaveCount(0);
  await viewer.goto('/dashboard/webhooks');
  await expect(viewer.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Add endpoint|Delete|Send test|Edit/ })).toHaveCount(0);
  await viewer.goto('/dashboard/products');
  await expect(viewer.getByRole('table', { name: 'Products' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Add product|Edit/ })).toHaveCount(0);
  await expect(viewer.getByRole('switch', { name: /Commission unmapped products/ })).toBeDisabled();
  await viewer.goto('/dashboard/rewards');
  await expect(viewer.getByRole('heading', { name: 'Rewards' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Add reward|Archive/ })).toHaveCount(0);
  await ctx.close();
});
