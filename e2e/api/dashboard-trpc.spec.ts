import { expect, test } from '@playwright/test';

// The dashboard's tRPC endpoint lives in Next's bundle: contract errors must keep their status
// there too (they are recognised by a brand, not by class identity across bundles).
test('/api/trpc answers 415 for a body that is not JSON, and 401 without a session', async ({ request }) => {
  const text = await request.post('/api/trpc/campaigns.create', { headers: { 'Content-Type': 'text/plain' }, data: 'name=x' });
  expect(text.status()).toBe(415);
  const anonymous = await request.get('/api/trpc/campaigns.list?input=%7B%7D');
  expect(anonymous.status()).toBe(401);
});
