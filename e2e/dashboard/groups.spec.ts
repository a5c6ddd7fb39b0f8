import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 49 (groups): a manager creates a group with a 40 % default rule, moves an affiliate into
// it with the bulk bar, and the affiliate's row shows the group.

type Json = { data: Record<string, unknown> & { id: string } };
async function api(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Json> {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${demo().token}` }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

test('a group with a 40 % default rule, an affiliate moved into it in bulk', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36);
  const affiliate = await api(request, 'POST', '/v1/affiliates', { email: `grouped-${stamp}@example.com`, name: `Grouped ${stamp}`, status: 'active' });
  await signIn(page);
  await page.goto('/dashboard/groups');
  const form = page.getByRole('form', { name: 'Create group' });
  const name = `Top ${stamp}`;
  await expect(async () => {
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Slug (join page)').fill(`top-${stamp}`);
    await form.getByLabel('Default rule % (optional)').fill('40');
    await form.getByRole('button', { name: 'Create group' }).click();
    await expect(form.getByText(`Created ${name}.`)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(page.getByTestId(`group-row-top-${stamp}`)).toContainText(name);
  // the rule is the group's own, at 40 %
  const group = ((await api(request, 'GET', '/v1/groups')).data as unknown as { id: string; name: string }[]).find((g) => g.name === name)!;
  const campaigns = (await api(request, 'GET', '/v1/campaigns')).data as unknown as { id: string }[];
  const rules = (await api(request, 'GET', `/v1/campaigns/${campaigns[0].id}/commission-rule`)) as unknown as { rules: { group_id: string | null; kind: string; amount: number }[] };
  expect(rules.rules.find((r) => r.group_id === group.id && r.kind === 'default')?.amount).toBe(40);
  await shot(page, 'groups-created');

  await page.goto(`/dashboard/affiliates?q=grouped-${stamp}`);
  const row = page.getByRole('row').filter({ hasText: `Grouped ${stamp}` });
  await expect(async () => {
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('selected-count')).toHaveText('1 selected', { timeout: 1_000 });
  }).toPass();
  const bar = page.getByRole('region', { name: 'Selected affiliates' });
  await bar.getByLabel('Move to group').selectOption({ label: name });
  await bar.getByRole('button', { name: 'Move to group' }).click();
  await expect(row.getByTestId('affiliate-group')).toHaveText(name);
  expect((await api(request, 'GET', `/v1/affiliates/${affiliate.data.id}`)).data.group_id).toBe(group.id);
  await shot(page, 'groups-affiliate-moved');
});
