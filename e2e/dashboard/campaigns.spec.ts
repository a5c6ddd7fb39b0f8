import { expect, test } from '@playwright/test';

test('a manager signs in, creates a campaign and sees it listed', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill('demo@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('E-mail or password is wrong.');

  await page.getByLabel('Password').fill('refcount-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/dashboard\/campaigns$/);
  await expect(page.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('cell', { name: 'Partner program' })).toBeVisible();

  const name = `E2E launch ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Destination URL').fill('https://shop.example.com/e2e');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('cell', { name })).toBeVisible();

  await page.getByLabel('Name').fill('Bad destination');
  await page.getByLabel('Destination URL').fill('http://not-https.example.com');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('form', { name: 'New campaign' }).getByRole('alert')).toContainText('https');

  await page.reload();
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/campaigns.png', fullPage: true });
});

test('sign-in never follows a callbackUrl off the site', async ({ page }) => {
  await page.goto('/login?callbackUrl=//evil.example/steal');
  await page.getByLabel('E-mail').fill('demo@example.com');
  await page.getByLabel('Password').fill('refcount-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
});
