import { expect, test } from '@playwright/test';

test('the portal refuses a manager session and an unknown invitation link', async ({ page }) => {
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/login/);
  await page.getByLabel('E-mail').fill('demo@example.com');
  await page.getByLabel('Password').fill('refcount-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form').getByRole('alert')).toContainText('wrong');
  await page.screenshot({ path: 'test-results/screens/portal-login.png', fullPage: true });

  const api = await page.request.get('/portal/api/trpc/portal.me?input=%7B%7D');
  expect(api.status()).toBe(401);

  await page.goto('/portal/accept?token=not-a-real-token');
  await page.getByLabel('New password').fill('whatever-pass');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.locator('form').getByRole('alert')).toContainText('already used or replaced');
});
