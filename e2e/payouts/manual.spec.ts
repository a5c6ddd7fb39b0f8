import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 47 (4b), paying by hand (docs/payouts.md#settling): "Mark paid"
// asks first (affiliate, amount, payout e-mail) and keeps a reference; several payouts are marked
// at once; a payout marked by mistake is set back to pending within the day; the CSV is one file
// per currency. At desktop width and at 390 px. Screenshots: test-results/screens/payouts-manual-*.png.

const DAY = 86_400_000;

type Payout = { id: string; affiliate_id: string; amount: number; currency: string; status: string; reference: string | null; commission_ids: string[] };

/** Affiliates of a campaign of their own, each with one approved sale long past any hold, batched into pending payouts. */
async function payeesWithPayouts(request: APIRequestContext, tag: string, sales: { currency: string; amount: number }[]) {
  const auth = { Authorization: `Bearer ${demo().token}` };
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, headers: auth, data });
    expect(res.status(), `${method} ${path}`).toBeLessThan(300);
    return (await res.json()).data;
  };
  const stamp = `${tag}${Date.now()}`;
  const campaign = await call('POST', '/v1/campaigns', { name: `Manual payouts ${stamp}`, destination_url: 'https://shop.example.com' });
  await call('PUT', `/v1/campaigns/${campaign.id}/commission-rule`, { amount: 20, length_type: 'lifetime' });
  const payees = [];
  for (const [i, sale] of sales.entries()) {
    const ref = `${stamp}x${i}`;
    const name = `Payee ${sale.currency.toUpperCase()} ${stamp}-${i}`;
    const created = await call('POST', '/v1/affiliates', { email: `${ref}@example.com`, payout_email: `paypal-${ref}@example.com`, name, ref_code: ref, status: 'active', campaign_id: campaign.id });
    const id = (created.affiliate_id ?? created.id) as string;
    const tracked = await request.post('/v1/track/sale', { headers: auth, data: { external_id: `order-${ref}`, ref, amount: sale.amount, currency: sale.currency, ts: new Date(Date.now() - 400 * DAY).toISOString() } });
    expect(await tracked.json()).toMatchObject({ ok: true, attributed: true });
    for (const c of (await call('GET', `/v1/commissions?affiliate_id=${id}`)) as { id: string }[]) await call('PATCH', `/v1/commissions/${c.id}`, { status: 'approved' });
    payees.push({ id, name, payoutEmail: `paypal-${ref}@example.com` });
  }
  const made = (await call('POST', '/v1/payouts', {})) as Payout[];
  const payouts = payees.map((p) => made.find((m) => m.affiliate_id === p.id)!);
  expect(payouts.every(Boolean), 'every payee has a payout').toBe(true);
  const get = async (id: string) => (await call('GET', `/v1/payouts/${id}`)) as Payout;
  const commissionStatuses = async (p: Payout) => Promise.all(p.commission_ids.map(async (c) => (await call('GET', `/v1/commissions/${c}`)).status as string));
  return { payees: payees.map((p, i) => ({ ...p, payout: payouts[i] })), get, commissionStatuses };
}

const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: name });
const toast = (page: Page, text: RegExp) => page.getByTestId('toast').filter({ hasText: text });

test('mark paid after a confirm step with a reference, undo it, mark several paid at once, export one CSV per currency', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { payees, get, commissionStatuses } = await payeesWithPayouts(request, 'm', [
    { currency: 'usd', amount: 50_000 },
    { currency: 'eur', amount: 50_000 },
    { currency: 'jpy', amount: 100_000 },
  ]);
  const [usd, eur, jpy] = payees;
  expect([usd, eur, jpy].map((p) => p.payout.amount)).toEqual([10_000, 10_000, 20_000]);

  await signIn(page);
  await page.goto('/dashboard/payouts');
  const usdRow = rowOf(page, usd.name);
  await expect(usdRow).toContainText('$100.00');

  // (1) "Mark paid" asks first: whom, how much, where to; the reference is kept on the payout.
  const reference = `PAYID-${Date.now()}`;
  await expect(async () => {
    await usdRow.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('dialog', { name: 'Mark this payout paid?' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Mark this payout paid?' });
  await expect(dialog).toContainText(usd.name);
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('$100.00');
  await expect(dialog.getByTestId('payout-email')).toHaveText(usd.payoutEmail);
  // Nothing changes before the confirm.
  expect((await get(usd.payout.id)).status).toBe('pending');
  await dialog.getByLabel('Reference (optional)').fill(reference);
  await shot(page, 'payouts-manual-confirm');
  await dialog.getByRole('button', { name: 'Confirm paid' }).click();
  await expect(toast(page, /marked paid/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(usdRow.getByText('paid', { exact: true })).toBeVisible();
  await expect(usdRow).toContainText(`Ref. ${reference}`);
  expect(await get(usd.payout.id)).toMatchObject({ status: 'paid', reference });
  expect(await commissionStatuses(usd.payout)).toEqual(['paid']);
  await shot(page, 'payouts-manual-paid');

  // (2) Marked by mistake: Undo (within the day) sets it back to pending, its commission approved again.
  await usdRow.getByRole('button', { name: 'Undo paid' }).click();
  await expect(toast(page, /pending again/)).toBeVisible();
  await expect(usdRow.getByText('pending', { exact: true })).toBeVisible();
  await expect(usdRow.getByRole('button', { name: 'Undo paid' })).toHaveCount(0);
  expect(await get(usd.payout.id)).toMatchObject({ status: 'pending', reference: null });
  expect(await commissionStatuses(usd.payout)).toEqual(['approved']);

  // (3) The CSV: one file per currency, named for it, holding that currency only.
  const exportGroup = page.getByRole('group', { name: 'Export pending payouts as CSV' });
  const currencySelect = exportGroup.getByLabel('CSV currency');
  for (const p of [eur, jpy, usd]) {
    await currencySelect.selectOption(p.payout.currency);
    const download = page.waitForEvent('download');
    await exportGroup.getByRole('button', { name: /^Export pending as CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`payouts-${p.payout.currency}.csv`);
    const lines = readFileSync(await file.path(), 'utf8').trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.split(',')[2] === p.payout.currency.toUpperCase()), `${p.payout.currency} file holds one currency`).toBe(true);
    expect(lines.some((l) => l.startsWith(`${p.payoutEmail},`) && l.includes(`Refcount payout ${p.payout.id}`))).toBe(true);
  }
  await shot(page, 'payouts-manual-export');

  // (4) Several at once: select all takes every pending payout shown; then just ours, with the totals per currency.
  const selectAll = page.getByLabel('Select all pending on this page');
  await selectAll.check();
  const pendingShown = await page.getByRole('table', { name: 'Payouts' }).getByRole('checkbox').count();
  await expect(page.getByTestId('selection')).toContainText(`${pendingShown} selected`);
  await selectAll.uncheck();
  await expect(page.getByTestId('selection')).toHaveCount(0);
  for (const p of [usd, eur, jpy]) await rowOf(page, p.name).getByRole('checkbox').check();
  await expect(page.getByTestId('selection')).toContainText('3 selected');
  await page.getByRole('button', { name: 'Mark selected paid' }).click();
  const bulk = page.getByRole('dialog', { name: 'Mark 3 payouts paid?' });
  await expect(bulk.getByTestId('confirm-totals')).toContainText('$100.00');
  await expect(bulk.getByTestId('confirm-totals')).toContainText('€100.00');
  await expect(bulk.getByTestId('confirm-totals')).toContainText('20,000');
  const bulkRef = `BANK-${Date.now()}`;
  await bulk.getByLabel('Reference (optional)').fill(bulkRef);
  await shot(page, 'payouts-manual-bulk-confirm');
  await bulk.getByRole('button', { name: 'Confirm 3 paid' }).click();
  await expect(toast(page, /3 payouts marked paid/)).toBeVisible();
  for (const p of [usd, eur, jpy]) {
    await expect(rowOf(page, p.name).getByText('paid', { exact: true })).toBeVisible();
    expect(await get(p.payout.id)).toMatchObject({ status: 'paid', reference: bulkRef });
    expect(await commissionStatuses(p.payout)).toEqual(['paid']);
  }
  await shot(page, 'payouts-manual-bulk-paid');
});

test('at phone width (390 px): the confirm step, the reference and undo fit the screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { payees, get } = await payeesWithPayouts(request, 'p', [{ currency: 'usd', amount: 40_000 }]);
  const [p] = payees;
  await signIn(page);
  await page.goto('/dashboard/payouts');
  const row = rowOf(page, p.name);
  await expect(row).toContainText('$80.00');
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(async () => {
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('dialog', { name: 'Mark this payout paid?' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Mark this payout paid?' });
  await expect(dialog.getByTestId('payout-email')).toHaveText(p.payoutEmail);
  await dialog.getByLabel('Reference (optional)').fill('PHONE-REF-1');
  await dialog.scrollIntoViewIfNeeded();
  expect(await width(), 'the page is no wider than the phone').toBeLessThanOrEqual(390);
  await shot(page, 'payouts-manual-confirm-phone');
  await dialog.getByRole('button', { name: 'Confirm paid' }).click();
  await expect(toast(page, /marked paid/)).toBeVisible();
  expect(await get(p.payout.id)).toMatchObject({ status: 'paid', reference: 'PHONE-REF-1' });
  await expect(row).toContainText('Ref. PHONE-REF-1');
  await shot(page, 'payouts-manual-paid-phone');
  await row.getByRole('button', { name: 'Undo paid' }).click();
  await expect(toast(page, /pending again/)).toBeVisible();
  expect((await get(p.payout.id)).status).toBe('pending');
  expect(await width()).toBeLessThanOrEqual(390);
  await shot(page, 'payouts-manual-undone-phone');
});
