import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionRules, workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { keptRulesStats } from './kept-rules';

// Sales use the campaign's rules kept under the workspace's rules version (kept-rules.ts): each
// sale must still earn by the rules as they are when it arrives, whoever changed them and how.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

let n = 0;
const earned = async () => {
  const sale = await p.track('sale', { external_id: `kept_${n++}`, ref: p.a.ref, amount: 10_000 });
  expect(sale.status).toBe(200);
  return (await p.ledger(sale.body.conversion_id)).reduce((sum, c) => sum + c.amount, 0);
};
const version = async () =>
  (await api.db.select({ v: workspaceSettings.rulesVersion }).from(workspaceSettings).where(eq(workspaceSettings.workspaceId, p.ws.id)))[0].v;

describe('rules kept under the rules version', () => {
  it('reads the rules once while they stay the same', async () => {
    expect(await earned()).toBe(3_000);
    const before = keptRulesStats(api.db);
    for (let i = 0; i < 3; i++) expect(await earned()).toBe(3_000);
    const after = keptRulesStats(api.db);
    expect(after.read - before.read).toBe(0);
    expect(after.kept - before.kept).toBe(3);
  });

  it('earns by a rule changed through the API from the next sale on', async () => {
    const v = await version();
    expect((await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body: { amount: 20 } })).status).toBe(200);
    expect(await version()).toBeGreaterThan(v);
    expect(await earned()).toBe(2_000);
  });

  it('earns by a rule changed outside the API (SQL, another node) from the next sale on', async () => {
    // amounts of percent rules are basis points: 15 %
    await api.db.update(commissionRules).set({ amount: 1_500 }).where(and(eq(commissionRules.campaignId, p.campaign.id), eq(commissionRules.kind, 'default')));
    expect(await earned()).toBe(1_500);
  });

  it('earns nothing once the rule is deleted, and a new rule again', async () => {
    const [rule] = await api.db.select().from(commissionRules).where(eq(commissionRules.campaignId, p.campaign.id));
    expect((await api.call('DELETE', `/v1/campaigns/${p.campaign.id}/commission-rule/${rule.id}`, { token: p.token })).status).toBe(200);
    expect(await earned()).toBe(0);
    await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body: { amount: 5 } });
    expect(await earned()).toBe(500);
  });
});
