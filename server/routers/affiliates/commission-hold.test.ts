import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken } from '../../testing/seed';
import { commissionRow, eventsOf, moneyAffiliate, moneyWorkspace } from '../../testing/commission-fixtures';
import { dashboardCaller, failure } from '../../testing/session-caller';

// PATCH /v1/affiliates/{id} { commissions_held } and what POST /v1/payouts makes of it.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function setup() {
  const ws = await moneyWorkspace(api);
  const patch = (id: string, body: unknown, token = ws.token) => api.call('PATCH', `/v1/affiliates/${id}`, { token, body });
  const get = async (id: string) => (await api.call('GET', `/v1/affiliates/${id}`, { token: ws.token })).body.data;
  const batch = () => api.call('POST', '/v1/payouts', { token: ws.token });
  const updates = async (id: string) => (await eventsOf(api, ws.id, 'affiliate.updated')).filter((e) => (e.payload as { data: { id: string } }).data.id === id);
  const row = async (id: string) => (await api.db.select().from(affiliates).where(eq(affiliates.id, id)))[0];
  return { ws, patch, get, batch, updates, row };
}

describe('holding commissions', () => {
  it('shows on the record, in affiliate.updated and on /v1/affiliate/me; repeating keeps the first time', async () => {
    const { ws, patch, get, updates } = await setup();
    const a = await moneyAffiliate(api, ws);
    expect(await get(a.affiliate.id)).toMatchObject({ commissions_held: false, commissions_held_at: null });

    const held = await patch(a.affiliate.id, { commissions_held: true });
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({ id: a.affiliate.id, commissions_held: true, commissions_held_at: expect.stringMatching(ISO) });
    const heldAt = held.body.data.commissions_held_at;
    expect(await get(a.affiliate.id)).toEqual(held.body.data);
    const events = await updates(a.affiliate.id);
    expect(events).toHaveLength(1);
    expect((events[0].payload as { data: unknown }).data).toEqual({ object: 'affiliate', ...held.body.data });
    const me = await api.call('GET', '/v1/affiliate/me', { token: await affiliateToken(api.db, ws.id, a.affiliate.id) });
    expect(me.body.data).toMatchObject({ commissions_held: true, commissions_held_at: heldAt });

    const again = await patch(a.affiliate.id, { commissions_held: true });
    expect(again.status).toBe(200);
    expect(again.body.data.commissions_held_at).toBe(heldAt);
    expect(await updates(a.affiliate.id)).toHaveLength(1);

    // Beside another change, in the same write and the same single event.
    const renamed = await patch(a.affiliate.id, { name: 'Still held', commissions_held: true });
    expect(renamed.body.data).toMatchObject({ name: 'Still held', commissions_held_at: heldAt });
    expect(await updates(a.affiliate.id)).toHaveLength(2);

    const released = await patch(a.affiliate.id, { commissions_held: false });
    expect(released.body.data).toMatchObject({ commissions_held: false, commissions_held_at: null });
    expect(await updates(a.affiliate.id)).toHaveLength(3);
    expect((await patch(a.affiliate.id, { commissions_held: false })).status).toBe(200);
    expect(await updates(a.affiliate.id)).toHaveLength(3);
  });

  it('keeps a held affiliate out of payout batches while others are paid, until released', async () => {
    const { ws, patch, batch } = await setup();
    expect((await api.call('PATCH', '/v1/settings', { token: ws.token, body: { min_payout: 0 } })).status).toBe(200);
    const held = await moneyAffiliate(api, ws);
    const paid = await moneyAffiliate(api, ws);
    const heldDue = [await held.earn({ amount: 3000, status: 'approved' }), await held.earn({ amount: 2000, status: 'approved' })];
    const paidDue = await paid.earn({ amount: 700, status: 'approved' });
    expect((await patch(held.affiliate.id, { commissions_held: true })).status).toBe(200);

    const first = await batch();
    expect(first.status).toBe(201);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ affiliate_id: paid.affiliate.id, amount: 700, commission_ids: [paidDue.id] });
    for (const c of heldDue) expect(await commissionRow(api, c.id)).toEqual(c);

    // Earned while held: waits with the rest.
    const later = await held.earn({ amount: 500, status: 'approved' });
    expect((await batch()).body.data).toEqual([]);
    expect(await commissionRow(api, later.id)).toEqual(later);

    await patch(held.affiliate.id, { commissions_held: false });
    const afterRelease = await batch();
    expect(afterRelease.body.data).toHaveLength(1);
    expect(afterRelease.body.data[0]).toMatchObject({
      affiliate_id: held.affiliate.id,
      amount: 5500,
      commission_ids: [...heldDue, later].map((c) => c.id),
    });
    for (const c of [...heldDue, later]) expect((await commissionRow(api, c.id)).payoutId).toBe(afterRelease.body.data[0].id);
  });
});

describe('refused holds change nothing', () => {
  it('needs write: a read key and a dashboard viewer get 403', async () => {
    const { ws, patch, row, updates } = await setup();
    const a = await moneyAffiliate(api, ws);
    const before = await row(a.affiliate.id);
    for (const scopes of [['read'], [], ['track']]) {
      const res = await patch(a.affiliate.id, { commissions_held: true }, await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    const viewer = await createUser(api.db, { email: `viewer-${a.affiliate.id}@example.com`, password: 'password-1', workspaceId: ws.id, role: 'viewer' });
    const input = { id: a.affiliate.id, commissions_held: true };
    expect(await failure(dashboardCaller(api, viewer.id).affiliates.update(input), input)).toMatchObject({ status: 403, error: 'insufficient_scope', need: 'write' });
    expect(await row(a.affiliate.id)).toEqual(before);
    expect(await updates(a.affiliate.id)).toEqual([]);
  });

  it("answers 404 for another workspace's affiliate, and 400 for a value that is not a boolean", async () => {
    const { ws, patch, row, updates } = await setup();
    const a = await moneyAffiliate(api, ws);
    const before = await row(a.affiliate.id);
    const stranger = await moneyWorkspace(api);
    const foreign = await patch(a.affiliate.id, { commissions_held: true }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('link_not_found');
    for (const value of ['yes', 'true', 1, null]) {
      const res = await patch(a.affiliate.id, { name: 'Changed', commissions_held: value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.detail).toMatch(/commissions_held/);
    }
    // The hold and a bad campaign in one patch: nothing of it commits.
    const half = await patch(a.affiliate.id, { commissions_held: true, campaign_id: stranger.campaignId });
    expect(half.status).toBe(404);
    expect(half.body.error).toBe('unknown_resource');
    expect(await row(a.affiliate.id)).toEqual(before);
    expect(await updates(a.affiliate.id)).toEqual([]);
  });
});
