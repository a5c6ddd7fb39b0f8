import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram } from '../../testing/program';
import { riskTriggers } from './triggers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('names affiliates with a fresh refund or an hour of clicks far above their weekly rate', async () => {
  const p = await startProgram(api);
  await p.track('sale', { external_id: 'o1', ref: p.a.ref, amount: 1000 });
  expect(await riskTriggers(api.db)).toEqual([]);
  await p.track('refund', { external_id: 'o1' });
  for (let i = 0; i < 60; i++) await p.track('click', { ref: p.b.ref });
  const found = await riskTriggers(api.db);
  expect(found).toEqual(
    expect.arrayContaining([
      { workspaceId: p.ws.id, affiliateId: p.a.id, reason: 'reversal' },
      { workspaceId: p.ws.id, affiliateId: p.b.id, reason: 'click_spike' },
    ]),
  );
  expect(found).toHaveLength(2);
  // the same 60 clicks spread over the past week are no spike
  await api.db.execute(sql`update clicks set created_at = created_at - (random() * interval '6 days') - interval '1 hour'`);
  expect((await riskTriggers(api.db)).map((t) => t.reason)).toEqual(['reversal']);
});
