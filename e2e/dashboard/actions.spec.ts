import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, mailCount, mailTo, mailsTo, shot, signIn } from '../support';

// The manager's actions beyond the main journey: product rules with the engine's preview, a partial
// refund from the conversion page, holding an affiliate's commissions (the payout preview says why
// they are skipped), and the Overview's attention tiles. Plus the portal's "forgot password" page.
type Answer = { data: Record<string, unknown>; conversion_id: string };

async function api<T = Answer>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${demo().token}` }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
});

test('a product rule beats the catch-all, and the preview asks the engine', async ({ page }) => {
  const name = `Rules ${Date.now()}`;
  await page.goto('/dashboard/campaigns');
  await page.getByRole('form', { name: 'New campaign' }).getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByRole('link', { name }).click();

  const form = page.getByRole('form', { name: 'Set rate' });
  await form.getByLabel('Percent', { exact: true }).fill('10');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByRole('table', { name: 'Commission rules' })).toContainText('10%');

  await form.getByLabel('Rule applies to').selectOption('product');
  await form.getByLabel('Other product ids (comma-separated)').fill('prod_e2e_pro');
  await form.getByLabel('Percent', { exact: true }).fill('30');
  await form.getByRole('button', { name: 'Save rate' }).click();
  const rules = page.getByRole('table', { name: 'Commission rules' });
  await expect(rules.getByRole('row')).toHaveCount(3);
  await expect(rules).toContainText('prod_e2e_pro');

  const preview = page.getByRole('region', { name: 'Preview a sale' });
  await preview.getByLabel(/^Sale amount/).fill('100');
  await expect(page.getByTestId('rate-preview')).toContainText('$10.00');
  await preview.getByLabel(/^Sale product/).fill('prod_e2e_pro');
  await expect(page.getByTestId('rate-preview')).toContainText('$30.00');
  await shot(page, 'campaign-rules');

  // Deleting the product rule (after a confirmation) sends that product back to the catch-all.
  await rules.getByRole('button', { name: /^Delete .*prod_e2e_pro/ }).click();
  await page.getByRole('group', { name: /^Confirm deleting/ }).getByRole('button', { name: 'Confirm delete' }).click();
  await expect(rules.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('rate-preview')).toContainText('$10.00');
});

const dollars = (text: string | null) => Math.round(Number(text!.replace(/[$,]/g, '')) * 100);

/** What the ledger says affiliates earn on a conversion now (neither reversed nor denied). */
async function liveCommission(request: APIRequestContext, conversionId: string) {
  const rows = (await api<{ data: { amount: number; status: string }[] }>(request, 'GET', `/v1/commissions?conversion_id=${conversionId}&limit=50`)).data;
  return rows.filter((r) => r.status !== 'reversed' && r.status !== 'denied').reduce((t, r) => t + r.amount, 0);
}

/**
 * An active affiliate of the demo's program, in ada's campaign: other specs add affiliates of
 * campaigns of their own (without commission rules), which earn nothing here.
 */
async function activeAffiliate(request: APIRequestContext, pick: (a: { ref_code: string }) => boolean) {
  const list = (await api<{ data: { id: string; ref_code: string; name: string | null; email: string | null; campaign_id: string | null }[] }>(request, 'GET', '/v1/affiliates?status=active&limit=100')).data;
  const demoCampaign = list.find((a) => a.ref_code === 'ada')!.campaign_id;
  return list.find((a) => a.campaign_id === demoCampaign && pick(a))!;
}

test('a partial refund from the conversion page shrinks the commission', async ({ page, request }) => {
  const ada = await activeAffiliate(request, (a) => a.ref_code === 'ada');
  const sale = await api(request, 'POST', '/v1/track/sale', { external_id: `refund-${Date.now()}`, ref: ada.ref_code, amount: 10_000 });
  await page.goto(`/dashboard/conversions/${sale.conversion_id}`);
  const live = page.getByTestId('commissions-live');
  await expect(live).toHaveText(/^\$/);
  const before = dollars(await live.textContent());
  expect(before).toBeGreaterThan(0);

  const form = page.getByRole('form', { name: 'Refund this conversion' });
  await expect(form.getByLabel(/^Amount to refund/)).toHaveValue('100.00');
  await form.getByLabel(/^Amount to refund/).fill('40');
  await form.getByRole('button', { name: 'Refund…' }).click();
  await page.getByRole('group', { name: 'Confirm refund' }).getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(/Refunded \$40\.00: \$40\.00 of \$100\.00 refunded/)).toBeVisible();
  await expect(page.getByText('$60.00 left of $100.00.')).toBeVisible();
  // The page shows what the ledger holds, and it shrank (pro rata: the engine's rounding, not ours).
  await expect.poll(async () => dollars(await live.textContent())).toBe(await liveCommission(request, sale.conversion_id));
  expect(dollars(await live.textContent())).toBeLessThan(before);
  await shot(page, 'conversion-refund');
});

test('holding commissions: the affiliate page holds, the payout preview skips with the reason, release', async ({ page, request }) => {
  // A commission of this affiliate that is due now: no hold period, approved.
  const settings = await request.fetch('/v1/settings', { method: 'PATCH', headers: { Authorization: `Bearer ${demo().token}` }, data: { hold_days: 0 } });
  expect(settings.status()).toBe(200);
  const other = await activeAffiliate(request, (a) => a.ref_code !== 'ada');
  const sale = await api(request, 'POST', '/v1/track/sale', { external_id: `held-${Date.now()}`, ref: other.ref_code, amount: 10_000 });
  const [earning] = (await api<{ data: { id: string }[] }>(request, 'GET', `/v1/commissions?conversion_id=${sale.conversion_id}`)).data;
  const approved = await request.fetch(`/v1/commissions/${earning.id}`, { method: 'PATCH', headers: { Authorization: `Bearer ${demo().token}` }, data: { status: 'approved' } });
  expect(approved.status()).toBe(200);

  await page.goto(`/dashboard/affiliates/${other.id}`);
  const hold = page.getByRole('group', { name: 'Commission hold' });
  await hold.getByRole('button', { name: 'Hold commissions' }).click();
  await hold.getByRole('button', { name: 'Confirm' }).click();
  await expect(hold.getByText(/^Commissions on hold since/)).toBeVisible();
  expect((await api(request, 'GET', `/v1/affiliates/${other.id}`)).data.commissions_held).toBe(true);

  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Create payout batch' }).click();
  const preview = page.getByRole('region', { name: 'Payout batch preview' });
  const skipped = preview.getByRole('region', { name: 'Not paid in this batch' }).getByRole('listitem').filter({ hasText: other.name ?? other.ref_code });
  await expect(skipped).toContainText('Commissions on hold');
  await shot(page, 'payout-preview');
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);

  await page.goto(`/dashboard/affiliates/${other.id}`);
  await hold.getByRole('button', { name: 'Release commissions' }).click();
  await hold.getByRole('button', { name: 'Confirm' }).click();
  await expect(hold.getByText(/^Commissions on hold since/)).toHaveCount(0);
  expect((await api(request, 'GET', `/v1/affiliates/${other.id}`)).data.commissions_held).toBe(false);
  const plan = (await api<{ data: { skipped: { affiliate_id: string; reason: string }[] } }>(request, 'GET', '/v1/payouts/preview')).data;
  expect(plan.skipped.filter((s) => s.affiliate_id === other.id && s.reason === 'commissions_held')).toHaveLength(0);
});

test("an affiliate's page shows its own numbers, not the program's", async ({ page, request }) => {
  const ada = await activeAffiliate(request, (a) => a.ref_code === 'ada');
  const mine = (await api<{ data: { clicks: number; sales: number } }>(request, 'GET', `/v1/reports/summary?affiliate_id=${ada.id}`)).data;
  const all = (await api<{ data: { clicks: number } }>(request, 'GET', '/v1/reports/summary')).data;
  expect(all.clicks).toBeGreaterThan(mine.clicks); // the demo has other affiliates' clicks too
  await page.goto(`/dashboard/affiliates/${ada.id}`);
  await expect(page.getByTestId('kpi-clicks')).toHaveText(String(mine.clicks));
  await expect(page.getByTestId('kpi-sales')).toHaveText(String(mine.sales));
  await expect(page.getByTestId('series-total')).toHaveText(String(mine.clicks));
});

test('the Overview counts what needs attention, exactly, with links', async ({ page, request }) => {
  await page.goto('/dashboard');
  const strip = page.getByRole('region', { name: 'Needs attention' });
  for (const label of ['Affiliates awaiting approval', 'Commissions to review', 'High-risk affiliates', 'Failing webhooks']) {
    await expect(strip.getByRole('link', { name: new RegExp(label) })).toBeVisible();
  }
  const pending = (await api<{ data: unknown[] }>(request, 'GET', '/v1/affiliates?status=pending&limit=200')).data.length;
  await expect(page.getByTestId('attention-pending_affiliates')).toHaveText(String(pending));
  await strip.getByRole('link', { name: /Failing webhooks/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
});

test('an affiliate who forgot the password gets a link by e-mail, sets a new one and signs in', async ({ browser, request }) => {
  const ada = await activeAffiliate(request, (a) => a.ref_code === 'ada');
  const stranger = `nobody-${Date.now()}@example.com`;
  const before = mailCount();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const ask = async (email: string) => {
    await page.goto('/portal/login');
    await page.getByRole('link', { name: 'E-mail me a link' }).click();
    await expect(page).toHaveURL(/\/portal\/forgot$/);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    // The same answer whether or not the address has an account.
    await expect(page.getByTestId('forgot-result')).toHaveText('If an account exists for that e-mail, we sent a link to it. Check your inbox.');
  };
  await ask(stranger);
  await ask(ada.email!);
  await page.screenshot({ path: 'test-results/screens/portal-forgot.png', fullPage: true });

  const signInLink = /https?:\/\/\S+\/portal\/accept\?token=[A-Za-z0-9_-]+/;
  const mail = await mailTo(ada.email!, before, signInLink);
  const link = new URL(signInLink.exec(mail.text)![0]);
  expect(mailsTo(stranger, before)).toEqual([]); // nothing went to the stranger
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('ada-new-password');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ada.name ?? ada.email!);

  // The link works once; the new password signs in.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('someone-else-password');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByText(/already used or replaced/)).toBeVisible();
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto('/portal/login');
  await fresh.getByLabel('E-mail').fill(ada.email!);
  await fresh.getByLabel('Password').fill('ada-new-password');
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expect(fresh).toHaveURL(/\/portal$/);
  await ctx.close();
});
