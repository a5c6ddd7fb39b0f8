import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 47 (4a): every field of an affiliate edited where it is shown (the old ref code keeps
// working as an alias), and the list's bulk actions: two applications approved at once, one
// affiliate moved to another campaign. At desktop width and at 390 px.

type Json = { data: Record<string, unknown> };
async function api(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Json> {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${demo().token}` }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

/** Applies on the demo join page in its own browser, as a visitor would. */
async function apply(browser: Browser, name: string, email: string) {
  const ctx = await browser.newContext();
  const aff = await ctx.newPage();
  await aff.goto('/join/demo');
  await aff.getByLabel('Your name').fill(name);
  await aff.getByLabel('E-mail').fill(email);
  await aff.getByLabel(/How will you promote us/).fill('A newsletter about bulk actions');
  await aff.getByLabel(/I accept the/).check();
  await aff.getByRole('button', { name: 'Apply' }).click();
  await expect(aff.getByTestId('join-done')).toContainText(email);
  await ctx.close();
}

const edit = async (page: Page, label: string, value: string) => {
  // Edit appears once the page has hydrated; a click before that does nothing, so it is retried.
  await expect(async () => {
    await page.getByRole('button', { name: `Edit ${label.toLowerCase()}` }).click();
    await expect(page.getByLabel(label, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
};

for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  test.describe(`at ${size} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
    });

    test('the invitation form names every invalid field beside it, at once, and sends nothing', async ({ page }) => {
      await page.goto('/dashboard/affiliates');
      const form = page.getByRole('form', { name: 'Invite affiliate' });
      await expect(async () => {
        await form.getByLabel(/Affiliate e-mail/).fill('not-an-address');
        await form.getByLabel(/Affiliate name/).fill('x'.repeat(201));
        await form.getByRole('button', { name: 'Send invitation' }).click();
        await expect(form.getByTestId('field-error-email')).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(form.getByTestId('field-error-name')).toBeVisible();
      await expect(form.getByLabel(/Affiliate e-mail/)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await shot(page, `affiliates-invite-errors-${size}`);
    });

    test('edits name, e-mail, ref code and payout e-mail in place; the old code still credits', async ({ page, request }) => {
      const stamp = `${size}-${Date.now()}`;
      const other = await api(request, 'POST', '/v1/affiliates', { email: `taken-${stamp}@example.com`, name: `Taken ${stamp}` });
      const created = await api(request, 'POST', '/v1/affiliates', { email: `edit-${stamp}@example.com`, name: `Edit ${stamp}`, ref_code: `old-${stamp}`, status: 'active' });
      const id = created.data.id as string;
      await page.goto(`/dashboard/affiliates/${id}`);

      await edit(page, 'Name', `Renamed ${stamp}`);
      await expect(page.getByRole('heading', { name: `Renamed ${stamp}` })).toBeVisible();

      // Another affiliate's e-mail: refused, the reason under the field, the field still open.
      await edit(page, 'E-mail', other.data.email as string);
      await expect(page.getByRole('alert').filter({ hasText: /e-mail/ })).toBeVisible();
      await shot(page, `affiliate-edit-clash-${size}`);
      await page.getByLabel('E-mail', { exact: true }).fill(`moved-${stamp}@example.com`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`moved-${stamp}@example.com`)).toBeVisible();

      await edit(page, 'Ref code', `NEW-${stamp}`);
      await expect(page.getByTestId('toast').filter({ hasText: 'links with the old code keep working' })).toBeVisible();
      await expect(page.getByText(`new-${stamp}`, { exact: true })).toBeVisible();

      await edit(page, 'Payout e-mail', `pay-${stamp}@example.com`);
      await expect(page.getByText(`pay-${stamp}@example.com`)).toBeVisible();
      await shot(page, `affiliate-edited-${size}`);

      const saved = await api(request, 'GET', `/v1/affiliates/${id}`);
      expect(saved.data).toMatchObject({ name: `Renamed ${stamp}`, email: `moved-${stamp}@example.com`, ref_code: `new-${stamp}`, payout_email: `pay-${stamp}@example.com` });
      // The old link: it lands with the new code and records a click for this affiliate.
      const hop = await page.request.get(`/r/old-${stamp}?w=${demo().publicId}`, { maxRedirects: 0 });
      expect(hop.status()).toBe(302);
      expect(new URL(hop.headers().location).searchParams.get('ref')).toBe(`new-${stamp}`);
      expect(new URL(hop.headers().location).searchParams.get('rc_vid')).toMatch(/^v_/);
    });

    test('approves two applications at once and moves one affiliate to another campaign', async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const stamp = `${size}-${Date.now()}`;
      await api(request, 'POST', '/v1/campaigns', { name: `Bulk target ${stamp}` });
      const people = [`Bulk One ${stamp}`, `Bulk Two ${stamp}`];
      for (const [i, name] of people.entries()) await apply(browser, name, `bulk-${i}-${stamp}@example.com`);

      await page.goto('/dashboard/affiliates');
      const applications = page.getByRole('list', { name: 'Applications' });
      await expect(applications).toContainText(people[1]);
      await expect(async () => {
        for (const name of people) await applications.getByRole('checkbox', { name: `Select ${name}` }).check({ timeout: 1_000 });
        await expect(page.getByRole('region', { name: 'Selected applications' })).toContainText('2 selected', { timeout: 1_000 });
      }).toPass();
      await shot(page, `affiliates-applications-selected-${size}`);
      await page.getByRole('region', { name: 'Selected applications' }).getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: '2 affiliates approved' })).toBeVisible();
      await expect(applications.getByText(people[0])).toHaveCount(0);

      // The list: find the first, tick it, move it.
      await page.getByRole('searchbox').fill(people[0]);
      const table = page.getByRole('table', { name: 'Affiliates' });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('active');
      await table.getByRole('checkbox', { name: `Select ${people[0]}` }).check();
      const bar = page.getByRole('region', { name: 'Selected affiliates' });
      await expect(bar).toContainText('1 selected');
      await bar.getByLabel('Move to campaign').selectOption({ label: `Bulk target ${stamp}` });
      await shot(page, `affiliates-bulk-bar-${size}`);
      await bar.getByRole('button', { name: 'Move to campaign' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: '1 affiliate moved' })).toBeVisible();
      await expect(table).toContainText(`Bulk target ${stamp}`);

      // Export selected: the ticked rows as CSV.
      await table.getByRole('checkbox', { name: `Select ${people[0]}` }).check();
      const download = page.waitForEvent('download');
      await bar.getByRole('button', { name: 'Export selected' }).click();
      const file = await download;
      const { readFile } = await import('node:fs/promises');
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.trim().split('\n')).toHaveLength(2);
      expect(csv).toContain(`bulk-0-${stamp}@example.com`);
    });
  });
}
