import { expect, test } from '@playwright/test';
import { DEMO_LOGIN, demo, shot, signIn } from '../support';

// The Activity page lists who changed what, in words: a manager's change on the dashboard under
// the manager's e-mail and a key's change through the API under the key's name, amounts as money.
test('activity shows a dashboard change by the user and an API change by the key', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/dashboard/settings');
  await page.getByLabel(/Minimum payout/).fill('77.77');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const renamed = await request.post('/v1/campaigns', { headers: { Authorization: `Bearer ${demo().token}` }, data: { name: 'Made by the key' } });
  expect(renamed.status()).toBe(201);

  await page.getByRole('link', { name: 'Activity' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  const keyRow = table.getByRole('row').filter({ hasText: 'name: Made by the key' });
  await expect(keyRow).toContainText('API key');
  await expect(keyRow).toContainText(/sa_live_\w*…/); // the key named by its name or token start, never an id
  await expect(keyRow).toContainText('campaign created');
  const userRow = table.getByRole('row').filter({ hasText: 'min payout:' }).first();
  await expect(userRow).toContainText(`User ${DEMO_LOGIN.email}`);
  await expect(userRow).toContainText('→ $77.77'); // money, not minor units
  await expect(table).not.toContainText('{"');

  // Filter to one record's history by clicking it.
  await keyRow.getByRole('button').click();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one event of that campaign
  await shot(page, 'activity');
});
