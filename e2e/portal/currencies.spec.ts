import { expect, test } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 47: the portal never drops a currency. An affiliate who earned dollars and yen sees both
// in its totals (never added together), and charts each currency on its own.
test('an affiliate paid in dollars and yen sees both totals, and charts each currency', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const auth = { Authorization: `Bearer ${demo().token}` };
  const stamp = Date.now();
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers: auth, data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()) as { data: Record<string, string> } & Record<string, unknown>;
  };
  const campaign = (await post('/v1/campaigns', { name: `Currencies ${stamp}`, destination_url: 'https://shop.example.com' })).data;
  expect((await request.put(`/v1/campaigns/${campaign.id}/commission-rule`, { headers: auth, data: { amount: 10, length_type: 'lifetime' } })).status()).toBe(200);
  const ref = `cur${stamp}`;
  const created = (await post('/v1/affiliates', { email: `${ref}@example.com`, name: `Yuki ${stamp}`, ref_code: ref, status: 'active', campaign_id: campaign.id })).data;
  const affiliateId = created.affiliate_id ?? created.id;
  // $120.00 and ¥8,000, each after its own click: 10% earns $12.00 and ¥800.
  for (const [amount, currency] of [[12_000, 'usd'], [8_000, 'jpy']] as const) {
    const click = await post('/v1/track/click', { ref });
    const sale = await post('/v1/track/sale', { external_id: `${ref}-${currency}`, visitor_id: click.visitor_id, amount, currency });
    expect(sale.attributed).toBe(true);
  }

  await signIn(page);
  await page.goto(`/dashboard/affiliates/${affiliateId}`);
  await expect(async () => {
    await page.getByRole('button', { name: 'New invitation link' }).click();
    await expect(page.getByTestId('secret')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const acceptUrl = new URL((await page.getByTestId('secret').textContent())!.trim());
  const portal = await (await browser.newContext()).newPage();
  await portal.goto(acceptUrl.pathname + acceptUrl.search);
  await portal.getByLabel('New password').fill('affiliate-pass');
  await portal.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(portal).toHaveURL(/\/portal$/);

  await expect(portal.getByTestId('stat-sales')).toHaveText('2');
  await expect(portal.getByTestId('stat-pending')).toHaveText('$12.00¥800');
  await expect(portal.getByTestId('earnings-total')).toContainText('$12.00 earned');
  await portal.getByRole('button', { name: 'jpy' }).click();
  await expect(portal.getByTestId('earnings-total')).toContainText('¥800 earned');
  await expect(portal.getByRole('button', { name: 'jpy' })).toHaveAttribute('aria-pressed', 'true');
  await shot(portal, 'portal-currencies');
});
