import { expect, test } from '@playwright/test';

// Password guessing on the login page: the same answer for every wrong attempt, then the limit.
test('after five wrong passwords the login page refuses and says why', async ({ page }) => {
  const email = `guess-${Date.now()}@example.com`; // an account that does not exist counts the same
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  const alert = page.locator('form').getByRole('alert');
  // One answered sign-in request per attempt (the message alone does not change between them).
  const attempt = async (password: string) => {
    await page.getByLabel('Password').fill(password);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/auth/callback/credentials')),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
  };
  for (let i = 0; i < 6; i++) {
    await attempt(`wrong-${i}`);
    await expect(alert).toHaveText('E-mail or password is wrong.');
  }
  await attempt('wrong-again');
  await expect(alert).toHaveText('Too many sign-in attempts. Wait a few minutes, then try again.');
});
