import { expect, test } from '@playwright/test';
import { startFakeRewardful, type FakeRewardful } from '../../server/testing/rewardful/fake-api';
import { rewardfulAccount } from '../../server/testing/rewardful/fixtures';
import { shot, signIn } from '../support';

// The Import page as a merchant leaving Rewardful meets it: pick the platform, paste the key,
// preview (a dry run that writes nothing), then import, the progress shown until the report.
// The app reads "Rewardful" from a local stand-in two ports after its own (e2e/serve.mjs).

const port = Number(process.env.E2E_PORT ?? 3210);
const SECRET = `rw_e2e_${Date.now()}`;

let fake: FakeRewardful;
test.beforeAll(async () => {
  // Three affiliates into the shared demo workspace: their commissions voided and no payouts, so
  // nothing imported here is approved and picked up by another spec's payout.
  const account = rewardfulAccount(`imp${Date.now().toString(36)}`, 3);
  account.commissions.forEach((c) => (c.state = 'voided'));
  account.payouts = [];
  fake = await startFakeRewardful(SECRET, account, { port: port + 2 });
});
test.afterAll(async () => fake?.close());

test('a dry run, then the import, with progress and the report in words, on a desktop and a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/dashboard/import');
  await expect(page.getByRole('heading', { name: 'Import from another platform' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Import' });
  await expect(form.getByLabel('Platform')).toHaveValue('rewardful');

  // hydration: the key typed in must enable the buttons
  await expect(async () => {
    await form.getByLabel('API key').fill(SECRET);
    await expect(form.getByRole('button', { name: 'Preview (dry run)' })).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await form.getByRole('button', { name: 'Preview (dry run)' }).click();
  const run = page.getByTestId('import-run');
  await expect(run).toContainText('dry run (nothing written)');
  await expect(run).toContainText('done', { timeout: 30_000 });
  await expect(page.getByTestId('import-added-affiliate')).toContainText(/^3 to add/);
  await expect(page.getByTestId('import-added-campaign')).toContainText(/^2 to add/);
  await expect(page.getByTestId('import-unmappable')).toContainText('max_commissions 3 per referral');
  await expect(run).toContainText('Press Import');
  await shot(page, 'import-preview');

  await form.getByRole('button', { name: 'Import' }).click();
  await expect(run).toContainText('import started');
  await expect(run).toContainText('done', { timeout: 30_000 });
  await expect(page.getByTestId('import-added-affiliate')).toContainText(/^3 added/);
  await expect(page.getByTestId('import-added-commission')).toContainText(/^3 added/);
  const history = page.getByRole('table', { name: 'Past imports' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('would add 2 campaigns, 3 affiliates');
  await expect(history).toContainText('added 2 campaigns, 3 affiliates');
  await shot(page, 'import-done');
  // the key is never shown back, nor sent to the page in any answer
  await expect(page.locator('body')).not.toContainText(SECRET);

  // A second import finds everything there: nothing twice.
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(history.getByRole('row')).toHaveCount(4, { timeout: 30_000 });
  await expect(run).toContainText('done', { timeout: 30_000 });
  await expect(page.getByTestId('import-added-affiliate')).toContainText(/^0 added/);
  await expect(run).toContainText('Imported by an earlier run, left as they are: 2 campaigns, 3 affiliates');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Preview (dry run)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'import-phone');
});
