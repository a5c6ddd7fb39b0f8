import { expect, test } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// The Activity page lists who changed what: a manager's change on the dashboard and a key's
// change through the API, each under its own actor.
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
  await expect(keyRow).toContainText('campaign created');
  const userRow = table.getByRole('row').filter({ hasText: 'min_payout:' }).first();
  await expect(userRow).toContainText('User');
  await expect(userRow).toContainText('→ 7777');

  // Filter to one record's history by clicking it.
  await keyRow.getByRole('button').click();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one event of that campaign
  await shot(page, 'activity');
});
