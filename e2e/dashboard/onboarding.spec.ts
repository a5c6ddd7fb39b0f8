import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from '../support';

// A program nobody has set up yet (the empty workspace e2e/serve.mjs makes beside the demo): the
// overview's checklist, its workspace id copied, the test click and sale refused without a
// campaign and then sent, at 1440 px and at 390 px; Settings shows the same id and snippet; a
// manager hides the checklist. Screenshots: test-results/screens/onboarding-*.png.

const port = Number(process.env.E2E_PORT ?? 3210);
const fresh = () =>
  JSON.parse(readFileSync(join(tmpdir(), `refcount-e2e-fresh-${port}.json`), 'utf8')) as { email: string; password: string; token: string; workspaceId: string };
const STEPS = ['program', 'campaign', 'tracking', 'join_page', 'affiliate', 'test_sale'];
const step = (page: Page, key: string) => page.getByTestId(`onboarding-step-${key}`);
const doneSteps = async (page: Page) => {
  const out: string[] = [];
  for (const k of STEPS) if ((await step(page, k).getAttribute('data-done')) === 'true') out.push(k);
  return out;
};

test('a new workspace: checklist, workspace id copied, test click and sale, at desktop and phone width', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const f = fresh();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, f.email, f.password);

  // Nothing is done yet; the tracking step shows the public workspace id in the snippet.
  const list = page.getByTestId('onboarding-checklist');
  await expect(list.getByRole('heading', { name: 'Set up your program' })).toBeVisible();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('0 of 6 done');
  expect(await doneSteps(page)).toEqual([]);
  const wsId = (await list.getByTestId('workspace-id').textContent())!.trim();
  expect(wsId).toMatch(/^ws_[\w-]+$/);
  await expect(list.getByTestId('tracking-snippet')).toContainText(`/refcount.js" data-workspace="${wsId}"`);
  await expect(step(page, 'campaign').getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/dashboard/campaigns');
  await expect(async () => {
    await list.getByRole('button', { name: 'Copy workspace id' }).click();
    await expect(list.getByRole('button', { name: 'Copied' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wsId);

  // Without a campaign the test is refused, in words, and nothing is ticked.
  await list.getByRole('button', { name: 'Send a test click and sale' }).click();
  await expect(list.getByRole('alert')).toHaveText('No active campaign: create a campaign first.');
  await expect(page.getByTestId('onboarding-progress')).toHaveText('0 of 6 done');
  await shot(page, 'onboarding-new-desktop');

  // The manager names the program, makes a campaign at 25 % and an affiliate (the API, as a script would).
  const api = async (method: string, path: string, data: unknown) => {
    const res = await request.fetch(`/v1${path}`, { method, headers: { authorization: `Bearer ${f.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()).data;
  };
  await api('PATCH', '/settings', { program_name: 'Fresh Partners' });
  const campaign = await api('POST', '/campaigns', { name: 'Launch', destination_url: 'https://fresh.example.com' });
  await api('PUT', `/campaigns/${campaign.id}/commission-rule`, { amount: 25 });
  await api('POST', '/affiliates', { email: `tess-${Date.now()}@example.com`, name: 'Tess Tester', ref_code: `tess${Date.now()}`, status: 'active', campaign_id: campaign.id });
  await page.reload();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('3 of 6 done');
  expect(await doneSteps(page)).toEqual(['program', 'campaign', 'affiliate']);

  // The test click and sale: who was credited, what the rule gives, and that nothing is owed.
  const result = list.getByTestId('test-sale-result');
  await expect(async () => {
    await list.getByRole('button', { name: 'Send a test click and sale' }).click();
    await expect(result).toBeVisible({ timeout: 3000 });
  }).toPass();
  await expect(result).toContainText("Recorded a click (…");
  await expect(result).toContainText('test sale of $100.00');
  await expect(result).toContainText('credited to Tess Tester in the campaign “Launch”');
  await expect(result).toContainText('Its commission would be $25.00');
  await expect(result).toContainText('it is owed nothing: 0 commissions were written');
  await expect(step(page, 'test_sale')).toHaveAttribute('data-done', 'true');
  // the test's own click is not "tracking seen"
  await expect(step(page, 'tracking')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('onboarding-progress')).toHaveText('4 of 6 done');
  await shot(page, 'onboarding-test-sale-desktop');

  // At phone width: the same checklist, the button pressed again, the result in words.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('4 of 6 done');
  await expect(async () => {
    await list.getByRole('button', { name: 'Send a test click and sale' }).click();
    await expect(result).toBeVisible({ timeout: 3000 });
  }).toPass();
  await expect(result).toContainText('credited to Tess Tester');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'onboarding-test-sale-phone');

  // Settings shows the same id and the snippet with it, at both widths.
  await page.goto('/dashboard/settings#tracking');
  const tracking = page.getByRole('region', { name: 'Tracking' });
  await expect(tracking.getByTestId('workspace-id')).toHaveText(wsId);
  await expect(tracking.getByTestId('tracking-snippet')).toContainText(`data-workspace="${wsId}"`);
  await tracking.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/onboarding-settings-tracking-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await tracking.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/onboarding-settings-tracking-desktop.png' });

  // Hidden in this browser until shown again; it stays hidden across a reload.
  await page.goto('/dashboard');
  await expect(async () => {
    await list.getByRole('button', { name: 'Hide' }).click();
    await expect(list).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show the setup checklist' })).toBeVisible();
  await expect(list).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the setup checklist' }).click();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('4 of 6 done');
});
