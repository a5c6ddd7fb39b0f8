import { expect, test } from '@playwright/test';
import { demo, mailCount, mailTo, shot, signIn } from '../support';

// A manager rewords an affiliate e-mail and previews it, then sends a broadcast to a campaign of
// its own making: the one active affiliate there receives it through the e2e SMTP server with the
// one-click unsubscribe headers, the log counts it sent, and the unsubscribe link works with one POST.

test('templates are edited and previewed; a broadcast reaches its campaign and is logged', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const { token } = demo();
  const api = async (path: string, body: unknown) => {
    const res = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data: body });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()).data;
  };
  const campaign = await api('/v1/campaigns', { name: `Mail ${stamp}`, destination_url: 'https://shop.example.com' });
  const email = `mail-${stamp}@example.com`;
  await api('/v1/affiliates', { email, name: 'Mailee', ref_code: `mail${stamp}`, status: 'active', campaign_id: campaign.id });
  await api('/v1/affiliates', { email: `waiting-${stamp}@example.com`, name: 'Waiting', ref_code: `wait${stamp}`, status: 'pending', campaign_id: campaign.id });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/dashboard/emails');
  const item = page.getByTestId('template-commission_approved');
  await item.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit Commission approved' });
  await form.getByLabel('Subject').fill('Hooray {{affiliate.nmae}}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('{{affiliate.nmae}}');
  await form.getByLabel('Subject').fill('Hooray: {{commission.amount}} for {{affiliate.name}}');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('email-preview-subject')).toHaveText('Hooray: $42.00 for Ada Lovelace');
  await expect(page.frameLocator('iframe[title="E-mail preview"]').getByText('Hello Ada Lovelace,')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await shot(page, 'emails-preview');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(item).toContainText('customised');
  // back to the default, so the demo workspace stays as seeded
  await item.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit Commission approved' }).getByRole('button', { name: 'Restore default' }).click();
  await expect(item).not.toContainText('customised');

  const before = mailCount();
  const broadcast = page.getByRole('form', { name: 'Send a broadcast' });
  await broadcast.getByLabel('To').selectOption({ label: `Active affiliates of Mail ${stamp}` });
  await broadcast.getByLabel('Subject').fill(`News ${stamp}`);
  await broadcast.getByLabel('Text').fill('Hello {{affiliate.name}}, new banners are in your portal: {{portal_url}}');
  await broadcast.getByRole('button', { name: 'Send' }).click();
  await expect(broadcast.getByRole('status')).toHaveText('Queued for 1 affiliate.');

  const mail = await mailTo(email, before);
  expect(mail.subject).toBe(`News ${stamp}`);
  expect(mail.text).toContain('Hello Mailee, new banners are in your portal:');
  expect(mail.html).toContain('Hello Mailee');
  const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['list-unsubscribe'] ?? '')?.[1];
  expect(unsubscribe).toMatch(/\/unsubscribe\?t=/);
  expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  const row = page.getByTestId('broadcast-row').filter({ hasText: `News ${stamp}` });
  await expect(row.locator('td').nth(2)).toHaveText('1');
  await expect(row.locator('td').nth(4)).toHaveText('1', { timeout: 15_000 });
  await shot(page, 'emails-broadcast-log');

  // the mail client's one-click POST, to this install
  const path = new URL(unsubscribe!).pathname + new URL(unsubscribe!).search;
  const done = await request.post(path, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(done.status()).toBe(200);
  expect(await done.text()).toContain('You are unsubscribed');
  const forged = await request.post(path.replace(/t=[^&]+/, 't=forged'), { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(forged.status()).toBe(400);
});

test('/dev/mail is not served in production', async ({ request }) => {
  expect((await request.get('/dev/mail')).status()).toBe(404);
});
