import { expect, test } from '@playwright/test';
import { signed, stripeEvent, type StripeObject } from '../../server/testing/stripe/event';
import { startFakeStripe, type FakeStripe } from '../../server/testing/stripe/fake-api';
import { checkoutSession, invoice, sid } from '../../server/testing/stripe/objects';
import { demo, shot, signIn } from '../support';

// Issue 46, paying through the merchant's rails (docs/paying-affiliates.md): the affiliate connects
// Stripe in the portal (the fake's onboarding page completes its Express account and Stripe's
// account.updated reaches the app), gives a W-8BEN, and the manager sends a batch that pays it by
// one transfer. The app reads "Stripe" from the fake on the port after its own (playwright.config.ts).

const port = Number(process.env.E2E_PORT ?? 3210);
const SECRET = `whsec_e2epay${Date.now()}abcdefghijklPAY1`;
const DAY = 86_400;

let fake: FakeStripe;
test.beforeAll(async () => {
  fake = await startFakeStripe({ port: port + 1 });
});
test.afterAll(async () => fake?.close());

test('an affiliate connects Stripe and gives a W-8BEN; the manager sends a batch that pays it by a transfer', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const { token, publicId } = demo();
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers: auth, data });
    expect(res.status(), path).toBeLessThan(300);
    return (await res.json()).data;
  };
  const campaign = await post('/v1/campaigns', { name: `Payouts ${stamp}`, destination_url: 'https://shop.example.com' });
  expect((await request.put(`/v1/campaigns/${campaign.id}/commission-rule`, { headers: auth, data: { amount: 20, length_type: 'lifetime' } })).status()).toBe(200);
  const ref = `pay${stamp}`;
  const name = `Payee Pia ${stamp}`;
  const created = await post('/v1/affiliates', { email: `${ref}@example.com`, name, ref_code: ref, status: 'active', campaign_id: campaign.id });
  const affiliateId = (created.affiliate_id ?? created.id) as string;

  // The manager connects Stripe with a signing secret and an API key "Stripe" grants everything
  // (Connect: write for the onboarding, Transfers: write for the send).
  const key = `rk_test_e2epay${stamp}abcdefghijklmn`;
  fake.key(key);
  await signIn(page);
  await page.goto('/dashboard/integrations');
  const connection = page.getByRole('form', { name: 'Stripe connection' });
  await connection.getByRole('textbox', { name: 'Signing secret', exact: true }).fill(SECRET);
  await connection.getByRole('button', { name: /^(Connect Stripe|Save)$/ }).click();
  await expect(page.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();
  const keyForm = page.getByRole('form', { name: 'Stripe API key' });
  await keyForm.getByLabel('Restricted API key').fill(key);
  await keyForm.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('api-key-state')).toHaveText(`API key set (…${key.slice(-4)})`);

  // A sale of the affiliate 60 days ago (past the 30-day hold): $500 earns $100 (above min_payout), approved.
  const deliver = async (event: ReturnType<typeof stripeEvent>) => {
    const { body, header } = signed(event, SECRET);
    const res = await fetch(`${baseURL}/integrations/stripe/${publicId}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header } });
    expect(res.status, event.type).toBe(200);
    return (await res.json()) as { status: string };
  };
  const customer = sid('cus');
  const subscription = sid('sub');
  const paidAt = Math.floor(Date.now() / 1000) - 60 * DAY;
  expect((await deliver(stripeEvent('checkout.session.completed', checkoutSession({ mode: 'subscription', customer, subscription, metadata: { refcount_ref: ref }, created: paidAt - 60 })))).status).toBe('applied');
  expect((await deliver(stripeEvent('invoice.paid', invoice({ customer, subscription, amountPaid: 50_000, paidAt })))).status).toBe('applied');
  const commissions = (await (await request.get(`/v1/commissions?affiliate_id=${affiliateId}`, { headers: auth })).json()).data as { id: string; amount: number }[];
  expect(commissions.map((c) => c.amount)).toEqual([10_000]);
  const approved = await request.patch(`/v1/commissions/${commissions[0].id}`, { headers: auth, data: { status: 'approved' } });
  expect(approved.status()).toBe(200);

  // The affiliate signs in through an invitation link.
  await page.goto(`/dashboard/affiliates/${affiliateId}`);
  await expect(async () => {
    await page.getByRole('button', { name: 'New invitation link' }).click();
    await expect(page.getByTestId('secret')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const acceptUrl = new URL((await page.getByTestId('secret').textContent())!.trim());
  const affCtx = await browser.newContext();
  const portal = await affCtx.newPage();
  await portal.goto(acceptUrl.pathname + acceptUrl.search);
  await portal.getByLabel('New password').fill('affiliate-pass');
  await portal.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(portal).toHaveURL(/\/portal$/);

  // (1) Connect Stripe: the browser goes to "Stripe"'s onboarding, which completes the account;
  // Stripe's account.updated reaches the Connect endpoint before it sends the browser back.
  const updates: string[] = [];
  fake.connect.onOnboarded = async (account) => {
    updates.push((await deliver(stripeEvent('account.updated', account as unknown as StripeObject, { account: account.id }))).status);
  };
  const stripeForm = portal.getByRole('form', { name: 'Stripe' });
  await stripeForm.getByLabel('Country (two letters)').fill('DE');
  await stripeForm.getByRole('button', { name: 'Connect Stripe' }).click();
  // (the portal drops ?stripe=return once read, so wait for the event, then for the way back)
  await expect.poll(() => updates, { timeout: 20_000 }).toEqual(['applied']);
  await expect(portal).toHaveURL(/\/portal(\?stripe=return)?$/);
  expect(fake.connect.accounts).toHaveLength(1);
  const account = fake.connect.accounts[0];
  expect(account.country).toBe('DE');
  expect(account.metadata?.refcount_affiliate_id).toBe(affiliateId);
  await expect(portal.getByTestId('payout-method')).toContainText('Stripe');
  await expect(portal.getByTestId('payout-method')).toContainText('ready');
  await portal.screenshot({ path: 'test-results/screens/portal-stripe-ready.png', fullPage: true });

  // (2) A W-8BEN: the tax id is shown masked, never whole.
  const taxId = `DE-${stamp}`;
  await portal.getByRole('link', { name: 'Tax form' }).click();
  await expect(portal).toHaveURL(/\/portal\/tax$/);
  const taxForm = portal.getByRole('form', { name: 'Tax form' });
  await taxForm.getByLabel(/^Country/).fill('DE');
  await expect(taxForm.getByText('Form W-8BEN (not a US person)')).toBeVisible();
  await taxForm.getByLabel('Legal name', { exact: true }).fill(name);
  await taxForm.getByLabel('Foreign tax id').fill(taxId);
  await taxForm.getByLabel(/^Signature/).fill(name.toLowerCase());
  await taxForm.getByRole('button', { name: 'Sign and save' }).click();
  await expect(portal.getByTestId('tax-id-masked')).toHaveText(`••••${taxId.slice(-4)}`);
  await expect(portal.getByRole('definition').filter({ hasText: 'W-8BEN' })).toBeVisible();
  expect(await portal.content()).not.toContain(taxId);
  await portal.screenshot({ path: 'test-results/screens/portal-tax-form.png', fullPage: true });

  // (3) The manager makes a batch and sends it, confirming first: one transfer, the line paid.
  await page.goto('/dashboard/payouts');
  await page.getByRole('button', { name: 'Create payout batch' }).click();
  await page.getByRole('button', { name: /^Create \d+ payouts?$/ }).click({ timeout: 15_000 });
  await expect(page.getByText(/Created \d+ payout/)).toBeVisible();
  const line = page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('$100.00');
  await expect(line.getByText('pending', { exact: true })).toBeVisible();
  await line.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = line.getByRole('dialog', { name: 'Confirm sending the batch' });
  await expect(confirm).toContainText('through Stripe Connect');
  expect(fake.account.transfers).toHaveLength(0);
  await confirm.getByRole('button', { name: 'Confirm send' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /Batch sent: 1 paid, 0 failed/ })).toBeVisible();
  await expect(line.getByText('paid', { exact: true })).toBeVisible();
  await expect(line.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await shot(page, 'payouts-sent');
  expect(fake.account.transfers).toHaveLength(1);
  expect(fake.account.transfers[0]).toMatchObject({ destination: account.id, amount: 10_000, currency: 'usd' });
  await affCtx.close();

  // Remove the key and disconnect, so no spec after this one meets a live Stripe connection.
  await page.goto('/dashboard/integrations');
  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByTestId('api-key-state')).toHaveText('No API key');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect Stripe' })).toBeVisible();
});
