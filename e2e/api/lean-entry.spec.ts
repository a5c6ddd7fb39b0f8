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

  // /docs: RapiDoc (bundled) renders the same document, with try-it, and a way back.
  // On a phone it renders every operation in one column, each with its try-it button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Refcount API reference' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  // the document is large (88 paths): on a busy machine a phone's one column takes a while to render
  await expect(page.getByText('Activate, pause or archive a campaign').first()).toBeAttached({ timeout: 45_000 });
  await expect(page.getByText('/campaigns/{id}/status').first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'TRY' }).first()).toBeAttached();
});
