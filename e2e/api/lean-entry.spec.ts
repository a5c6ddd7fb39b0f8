import { expect, test } from '@playwright/test';

// The production entry answers /v1 itself (no Next route in between) and Next everything else.
test('/v1 on the lean entry speaks the error contract; /docs renders the document', async ({ request, page }) => {
  const unauth = await request.get('/v1/campaigns');
  expect(unauth.status()).toBe(401);
  expect(await unauth.json()).toMatchObject({ error: 'unauthorized' });
  expect(unauth.headers()['x-request-id']).toBeTruthy();

  const doc = await request.get('/v1/openapi.json');
  expect(doc.status()).toBe(200);
  expect((await doc.json()).paths['/campaigns']).toBeTruthy();

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Refcount API/ })).toBeVisible();
  await expect(page.getByText('/v1/campaigns/{id}/status')).toBeVisible();
});
