import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, shot, signIn } from '../support';

// Issue 49 (2): a manager adds a move rule "sales >= 1" on the Move rules page, an affiliate makes
// a sale (tracked with the key), the manager presses Run now, and the affiliate is in the new
// group. The groups are made through /v1/groups and the affiliate put in the rule's group with
// PATCH /v1/affiliates/{id} (the groups API, docs/groups-bounties-recruiters.md#groups), so the
// rule moves this affiliate only, not the demo's others.

type Json = { data: Record<string, unknown> };
async function api(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<Json> {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${demo().token}` }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Json;
}

test('a move rule made on the page moves an affiliate after its sale when Run now is pressed', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const from = (await api(request, 'POST', '/v1/groups', { name: `Starters ${stamp}`, slug: `starters-${stamp}` })).data;
  const to = (await api(request, 'POST', '/v1/groups', { name: `Gold ${stamp}`, slug: `gold-${stamp}` })).data;
  const campaigns = (await api(request, 'GET', '/v1/campaigns')).data as unknown as { id: string }[];
  const ref = `mover${stamp}`;
  const aff = (await api(request, 'POST', '/v1/affiliates', { email: `${ref}@example.com`, name: 'Mover', ref_code: ref, status: 'active', campaign_id: campaigns[0].id })).data;
  const affId = String(aff.affiliate_id ?? aff.id);
  await api(request, 'PATCH', `/v1/affiliates/${affId}`, { group_id: from.id });

  await signIn(page);
  await page.goto('/dashboard/move-rules');
  const form = page.getByRole('form', { name: 'Add move rule' });
  await expect(form.getByLabel('From group')).toContainText(String(from.name));
  await form.getByLabel('From group').selectOption(String(from.id));
  await form.getByLabel('To group').selectOption(String(to.id));
  await form.getByLabel('Metric').selectOption('sales');
  await form.getByLabel(/At least/).fill('1');
  await form.getByRole('button', { name: 'Add rule' }).click();
  const rules = page.getByRole('table', { name: `Move rules of ${from.name}` });
  await expect(rules).toContainText('Sales ≥ 1');
  await expect(rules).toContainText(String(to.name));

  // nothing to move before the sale
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/moved of \d+ evaluated/)).toBeVisible();
  expect((await api(request, 'GET', `/v1/affiliates/${affId}`)).data.group_id).toBe(from.id);

  const sale = await request.fetch('/v1/track/sale', { method: 'POST', headers: { Authorization: `Bearer ${demo().token}` }, data: { external_id: `move-${stamp}`, ref, amount: 4_900 } });
  expect(sale.status()).toBeLessThan(300);

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/^1 moved of 1 evaluated/)).toBeVisible();
  expect((await api(request, 'GET', `/v1/affiliates/${affId}`)).data.group_id).toBe(to.id);
  await shot(page, 'move-rules-desktop');
});
