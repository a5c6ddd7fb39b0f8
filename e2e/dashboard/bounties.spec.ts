import { expect, test } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// A submission bounty end to end (docs/groups-bounties-recruiters.md#bounties): the manager
// creates it, the affiliate sends proof in the portal, the manager approves, and the bounty
// commission shows on both sides.
test('manager creates a submission bounty, the affiliate submits proof, the approval earns a commission', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const auth = { Authorization: `Bearer ${demo().token}` };
  const created = await request.post('/v1/affiliates', { headers: auth, data: { email: `bea-${stamp}@example.com`, name: `Bea ${stamp}`, status: 'active' } });
  expect(created.status()).toBeLessThan(300);
  const body = await created.json();
  const affiliateId: string = body.data.affiliate_id ?? body.data.id;

  await signIn(page);
  await page.goto('/dashboard/bounties');
  await page.getByLabel('Bounty name').fill(`Review video ${stamp}`);
  await page.getByLabel(/^Reward/).fill('25');
  await page.getByLabel('Description').fill('A video review of the product');
  await page.getByRole('button', { name: 'Add bounty' }).click();
  await expect(page.getByText(`Added Review video ${stamp}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bounties' })).toContainText(`Review video ${stamp}`);
  await shot(page, 'bounties');

  // the affiliate signs in to the portal through an invitation link the manager makes
  await page.goto(`/dashboard/affiliates/${affiliateId}`);
  await page.getByRole('button', { name: 'New invitation link' }).click();
  const acceptUrl = (await page.getByTestId('secret').textContent())!.trim();
  const affCtx = await browser.newContext();
  const aff = await affCtx.newPage();
  await aff.goto(new URL(acceptUrl).pathname + new URL(acceptUrl).search);
  await aff.getByLabel('New password').fill('affiliate-pass');
  await aff.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(aff).toHaveURL(/\/portal$/);
  await aff.getByRole('link', { name: 'Bounties' }).click();
  const form = aff.getByRole('form', { name: `Submit proof for Review video ${stamp}` });
  await form.getByLabel('Link (https)').fill('https://video.example.com/review');
  await form.getByRole('button', { name: 'Submit proof' }).click();
  await expect(aff.getByText('Your proof is waiting for review.').first()).toBeVisible();
  await shot(aff, 'portal-bounties');

  // the manager approves it
  await page.goto('/dashboard/bounties');
  await page.getByRole('link', { name: `Review video ${stamp}` }).click();
  const submissions = page.getByRole('table', { name: 'Submissions' });
  await expect(submissions).toContainText('https://video.example.com/review');
  await submissions.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByTestId('bounty-earned')).toContainText('25.00');
  await shot(page, 'bounty-detail');

  // the commission: kind bounty, in the manager's list and the affiliate's portal
  await page.goto(`/dashboard/commissions?affiliate_id=${affiliateId}`);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'bounty' });
  await expect(row.first()).toContainText('25.00');
  await aff.reload();
  await expect(aff.getByText('Earned for this period.').first()).toBeVisible();
  await affCtx.close();
});
