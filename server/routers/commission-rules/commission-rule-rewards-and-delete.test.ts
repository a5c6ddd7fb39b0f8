import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
const path = (campaignId: string) => `/v1/campaigns/${campaignId}/commission-rule`;
const newCampaign = async (name = 'Rates', token = ws.token): Promise<string> =>
  (await api.call('POST', '/v1/campaigns', { token, body: { name } })).body.data.id;
const put = (campaignId: string, body: unknown, token = ws.token) => api.call('PUT', path(campaignId), { token, body });
const get = (campaignId: string, token = ws.token) => api.call('GET', path(campaignId), { token });
const newReward = async (body: unknown, token = ws.token) =>
  (await api.call('POST', '/v1/rewards', { token, body })).body.data;
const campaignEvents = async (workspaceId = ws.id) =>
  (await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'campaign.updated')))).length;

describe('PUT /v1/campaigns/{id}/commission-rule with library_reward_id', () => {
  it("copies the reward's terms into the catch-all and lists the campaign as a user", async () => {
    const id = await newCampaign('Launch');
    const reward = await newReward({ name: 'Launch 30%', terms: { amount: 30, length_type: 'lifetime' } });
    const res = await put(id, { library_reward_id: reward.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Launch 30%',
      kind: 'default',
      amount: 30,
      is_flat: false,
      length_type: 'lifetime',
      reward_id: reward.id,
      reward_type: 'cash',
    });
    const used = await api.call('GET', `/v1/rewards/${reward.id}`, { token: ws.token });
    expect(used.body.data.used_by_campaigns).toEqual([{ id, name: 'Launch' }]);

    // Replacing the rule with its own terms ends the use at once.
    await put(id, { amount: 12 });
    const unused = await api.call('GET', `/v1/rewards/${reward.id}`, { token: ws.token });
    expect(unused.body.data.used_by_campaigns).toEqual([]);
  });

  it('scopes a reward to products or an interval, keeping non-cash types', async () => {
    const id = await newCampaign('Scoped');
    const credit = await newReward({ name: 'Free month', type: 'non_cash', terms: { amount: 2900, is_flat: true, applies_to_interval: 'month' } });
    const pro = await put(id, { library_reward_id: credit.id, kind: 'product', product_ids: ['prod_pro'] });
    expect(pro.body.rules[0]).toMatchObject({ kind: 'product', product_ids: ['prod_pro'], reward_type: 'non_cash', amount: 2900, currency: 'usd', applies_to_interval: 'month' });
    const monthly = await put(id, { library_reward_id: credit.id, kind: 'interval' });
    expect(monthly.body.rules.find((r: { kind: string }) => r.kind === 'interval')).toMatchObject({ applies_to_interval: 'month', reward_id: credit.id });

    const anyInterval = await newReward({ name: 'Any', terms: { amount: 5 } });
    const refused = await put(id, { library_reward_id: anyInterval.id, kind: 'interval' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_request');
    const yearly = await put(id, { library_reward_id: anyInterval.id, kind: 'interval', applies_to_interval: 'year' });
    expect(yearly.body.rules).toHaveLength(3);
    const noProducts = await put(id, { library_reward_id: anyInterval.id, kind: 'product' });
    expect(noProducts.body.error).toBe('product_ids_required');
  });

  it('refuses terms beside the reward', async () => {
    const id = await newCampaign();
    const reward = await newReward({ name: 'R', terms: { amount: 10 } });
    for (const extra of [{ amount: 5 }, { name: 'x' }, { is_flat: true }, { length_type: 'lifetime' }, { currency: 'usd' }]) {
      const res = await put(id, { library_reward_id: reward.id, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.detail).toContain(Object.keys(extra)[0]);
    }
    expect((await get(id)).body.rules).toEqual([]);
  });

  it('answers unknown_resource for unknown, foreign and archived rewards', async () => {
    const id = await newCampaign();
    const stranger = await api.workspace(['*']);
    const foreign = await newReward({ name: 'Theirs', terms: { amount: 10 } }, stranger.token);
    const archived = await newReward({ name: 'Old', terms: { amount: 10 } });
    await api.call('PATCH', `/v1/rewards/${archived.id}`, { token: ws.token, body: { archived: true } });
    const events = await campaignEvents();
    for (const rewardId of [MISSING, foreign.id, archived.id]) {
      const res = await put(id, { library_reward_id: rewardId });
      expect(res.status, rewardId).toBe(404);
      expect(res.body.error, rewardId).toBe('unknown_resource');
    }
    expect((await get(id)).body.rules).toEqual([]);
    expect(await campaignEvents()).toBe(events);
  });
});

describe('product_overrides', () => {
  it('lists the products redirected to the campaign', async () => {
    const id = await newCampaign('Overrides');
    const other = await newCampaign('Elsewhere');
    const made = await api.call('POST', '/v1/products', {
      token: ws.token,
      body: { provider_product_id: 'prod_override', name: 'Pro plan', campaign_id: id },
    });
    await api.call('POST', '/v1/products', { token: ws.token, body: { provider_product_id: 'prod_elsewhere', name: 'Other', campaign_id: other } });
    await api.call('POST', '/v1/products', { token: ws.token, body: { provider_product_id: 'prod_none', name: 'None' } });
    const res = await get(id);
    expect(res.body.product_overrides).toEqual([
      { id: made.body.data.id, provider_product_id: 'prod_override', name: 'Pro plan', commissionable: true },
    ]);
    await api.call('PATCH', '/v1/products/prod_override', { token: ws.token, body: { campaign_id: null } });
    expect((await get(id)).body.product_overrides).toEqual([]);
  });
});

describe('DELETE /v1/campaigns/{id}/commission-rule/{rule_id}', () => {
  it('removes one rule and answers it', async () => {
    const id = await newCampaign('Deleting');
    await put(id, { amount: 10 });
    const set = await put(id, { kind: 'interval', applies_to_interval: 'year', amount: 20 });
    const yearly = set.body.rules.find((r: { kind: string }) => r.kind === 'interval');
    const events = await campaignEvents();
    const res = await api.call('DELETE', `${path(id)}/${yearly.id}`, { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'commission_rule', data: yearly, deleted: true });
    const after = await get(id);
    expect(after.body.rules.map((r: { kind: string }) => r.kind)).toEqual(['default']);
    expect(await campaignEvents()).toBe(events + 1);
    const again = await api.call('DELETE', `${path(id)}/${yearly.id}`, { token: ws.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('link_not_found');
  });

  it('answers link_not_found for rules of other campaigns or workspaces, and bad ids', async () => {
    const id = await newCampaign('Keeps');
    const sibling = await newCampaign('Sibling');
    const rule = (await put(id, { amount: 10 })).body.data;
    const stranger = await api.workspace(['*']);
    const theirs = await newCampaign('Theirs', stranger.token);
    const attempts: [string, string][] = [
      [`${path(sibling)}/${rule.id}`, ws.token],
      [`${path(id)}/${MISSING}`, ws.token],
      [`${path(id)}/not-a-uuid`, ws.token],
      [`${path(MISSING)}/${rule.id}`, ws.token],
      [`${path(id)}/${rule.id}`, stranger.token],
      [`${path(theirs)}/${rule.id}`, stranger.token],
    ];
    for (const [url, token] of attempts) {
      const res = await api.call('DELETE', url, { token });
      expect(res.status, url).toBe(404);
      expect(res.body.error, url).toBe('link_not_found');
    }
    const readOnly = await api.call('DELETE', `${path(id)}/${rule.id}`, { token: await ws.keyFor(['read']) });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await get(id)).body.rules).toEqual([rule]);
  });
});
