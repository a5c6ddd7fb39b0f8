import { expect, test } from '@playwright/test';
import { customer } from '../../server/testing/stripe/account';
import { startFakeStripe, type FakeStripe } from '../../server/testing/stripe/fake-api';
import { invoice, sid } from '../../server/testing/stripe/objects';
import { demo, shot, signIn } from '../support';

// The optional restricted API key and the backfill, as a manager meets them: a key short of a
// permission is refused with its name, a good one is kept (only its last characters shown), and
// a backfill's progress runs on the Integrations page until the past invoices are conversions.
// The app reads "Stripe" from a local fake on the port after its own (playwright.config.ts).

const port = Number(process.env.E2E_PORT ?? 3210);
const SECRET = `whsec_e2ekey${Date.now()}abcdefghijklmnop`;
const DAY = 86_400;

let fake: FakeStripe;
test.beforeAll(async () => {
  fake = await startFakeStripe({ port: port + 1 });
});
test.afterAll(async () => fake?.close());

test('a restricted key is checked on save, and a backfill brings past invoices in with its progress shown', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = demo();
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const campaign = (await (await request.post('/v1/campaigns', { headers: auth, data: { name: `Backfill ${stamp}`, destination_url: 'https://shop.example.com' } })).json()).data;
  expect((await request.put(`/v1/campaigns/${campaign.id}/commission-rule`, { headers: auth, data: { amount: 20, length_type: 'lifetime' } })).status()).toBe(200);
  const ref = `bf${stamp}`;
  const created = await request.post('/v1/affiliates', { headers: auth, data: { email: `${ref}@example.com`, name: `Backfill Bea ${stamp}`, ref_code: ref, status: 'active', campaign_id: campaign.id } });
  expect(created.status()).toBeLessThan(300);

  // The merchant's account: three customers tagged with the affiliate's ref, two invoices each.
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < 3; i++) {
    const c = customer({ created: now - 80 * DAY, metadata: { refcount_ref: ref } });
    fake.account.customers.push(c);
    const sub = sid('sub');
    fake.account.invoices.push(
      invoice({ customer: c.id, subscription: sub, billingReason: 'subscription_create', amountPaid: 10_000, paidAt: now - (60 - i) * DAY }),
      invoice({ customer: c.id, subscription: sub, billingReason: 'subscription_cycle', amountPaid: 10_000, paidAt: now - (30 - i) * DAY }),
    );
  }
  const key = `rk_test_e2e${stamp}abcdefghijklmn`;
  fake.key(key, ['promotion_codes']);

  await signIn(page);
  await page.goto('/dashboard/integrations');
  const connection = page.getByRole('form', { name: 'Stripe connection' });
  await connection.getByRole('textbox', { name: 'Signing secret' }).fill(SECRET);
  await connection.getByRole('button', { name: /^(Connect Stripe|Save)$/ }).click();
  await expect(page.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();

  // A key without "Promotion Codes: read": refused, and the page says which permission.
  await expect(page.getByRole('list', { name: 'Permissions the key needs' })).toContainText('Promotion Codes: read');
  const keyForm = page.getByRole('form', { name: 'Stripe API key' });
  await keyForm.getByLabel('Restricted API key').fill(key);
  await keyForm.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'API key' })).toContainText('API key: the key lacks Promotion Codes: read');
  await expect(page.getByTestId('api-key-state')).toHaveText('No API key');

  // Granted at Stripe: saved, shown by its last four characters only.
  fake.key(key);
  await keyForm.getByLabel('Restricted API key').fill(key);
  await keyForm.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('api-key-state')).toHaveText(`API key set (…${key.slice(-4)})`);
  expect(await page.content()).not.toContain(key);

  // A backfill of the last 90 days, slow enough at "Stripe" to watch it run.
  fake.delayMs = 150;
  await page.getByRole('button', { name: 'Start backfill' }).click();
  await expect(page.getByTestId('backfill-status')).toContainText(/running/);
  await shot(page, 'integrations-backfill-running');
  await expect(page.getByTestId('backfill-status')).toContainText('done', { timeout: 60_000 });
  await expect(page.getByTestId('backfill-read')).toHaveText('0 checkouts, 3 customers, 6 invoices');
  await expect(page.getByTestId('backfill-made')).toHaveText('6 new conversions, 0 already recorded, 3 customers linked');
  await shot(page, 'integrations-backfill-done');

  // The conversions are the affiliate's, one per invoice.
  const list = await request.get(`/v1/conversions?affiliate_id=${(await created.json()).data.affiliate_id ?? (await created.json()).data.id}`, { headers: auth });
  expect((await list.json()).data).toHaveLength(6);

  // Removing the key leaves the connection; disconnecting leaves the demo workspace as the other
  // specs expect it (not connected).
  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByTestId('api-key-state')).toHaveText('No API key');
  await expect(page.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect Stripe' })).toBeVisible();
});
