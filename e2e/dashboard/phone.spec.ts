import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support';

// Every manager page at phone width (390 px): it renders, nothing widens the page past the screen
// (wide tables scroll inside their own box), and the menu folds. Screenshots: test-results/screens/*-phone.png.
const PAGES = [
  ['/dashboard', 'Overview', 'overview'],
  ['/dashboard/reports', 'Reports', 'reports'],
  ['/dashboard/campaigns', 'Campaigns', 'campaigns'],
  ['/dashboard/affiliates', 'Affiliates', 'affiliates'],
  ['/dashboard/conversions', 'Conversions', 'conversions'],
  ['/dashboard/commissions', 'Commissions', 'commissions'],
  ['/dashboard/payouts', 'Payouts', 'payouts'],
  ['/dashboard/risk', 'Risk triage', 'risk'],
  ['/dashboard/products', 'Products', 'products'],
  ['/dashboard/rewards', 'Rewards', 'rewards'],
  ['/dashboard/integrations', 'Integrations', 'integrations'],
  ['/dashboard/webhooks', 'Webhooks', 'webhooks'],
  ['/dashboard/settings', 'Settings', 'settings'],
  ['/dashboard/activity', 'Activity', 'activity'],
  ['/dashboard/import', 'Import from another platform', 'import'],
] as const;

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('every manager page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  for (const [path, heading, name] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/${name}-phone.png`, fullPage: true });
  }
  // The detail pages too: the first campaign and the first affiliate of the demo.
  for (const [list, name] of [['/dashboard/campaigns', 'campaign-detail'], ['/dashboard/affiliates', 'affiliate-detail']] as const) {
    await page.goto(list);
    await page.getByRole('main').getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await pageWidth(page), `${name} is wider than the screen`).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/${name}-phone.png`, fullPage: true });
  }
});

test('on a phone the main menu folds behind a button and closes after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeHidden();

  // At desktop width the same links are a sidebar, with the current page marked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
});
