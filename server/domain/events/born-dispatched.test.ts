import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// Events are stored whether or not anyone listens; only those an active endpoint of their
// workspace subscribes to wait for the dispatcher (dispatched_at null), the others are written
// dispatched. Both writers: the tracking statement (appendCtes) and emitEvents.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => api.close());

const endpoint = (p: Program, events: string[], active = true) =>
  // never called: no job runner here
  api.call('POST', '/v1/webhooks', { token: p.token, body: { url: 'http://127.0.0.1:9/in', events, active } });

/** An instant strictly after every event written before it and before every event written after it (ms clocks). */
async function moment() {
  await new Promise((r) => setTimeout(r, 3));
  const at = new Date();
  await new Promise((r) => setTimeout(r, 3));
  return at;
}

/** type → pending (dispatched_at null) or born dispatched (at its own time), of the workspace's events since `since`. */
async function eventsSince(p: Program, since: Date) {
  const rows = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), gt(webhookEvents.createdAt, since)));
  for (const r of rows) if (r.dispatchedAt) expect(r.dispatchedAt).toEqual(r.createdAt);
  return Object.fromEntries(rows.map((r) => [r.type, r.dispatchedAt ? 'dispatched' : 'pending']));
}

describe('events no endpoint listens to are born dispatched', () => {
  it('without endpoints (another workspace has one for everything): every event of a sale, a refund and an edit', async () => {
    const busy = await startProgram(api, { prefix: 'bdbusy' });
    expect((await endpoint(busy, ['*'])).status).toBe(201);
    const p = await startProgram(api, { prefix: 'bdnone' });
    const since = await moment();
    expect(await p.sale('bd_none_1')).toBeTruthy();
    expect((await p.track('refund', { external_id: 'bd_none_1', amount: 2_500 })).status).toBe(200);
    expect((await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.token, body: { name: 'Renamed' } })).status).toBe(200);
    expect(await eventsSince(p, since)).toEqual({
      'conversion.created': 'dispatched', 'commission.created': 'dispatched', 'conversion.updated': 'dispatched',
      'commission.updated': 'dispatched', 'campaign.updated': 'dispatched',
    });
    // the other workspace's endpoint hears its own
    const busySince = await moment();
    await busy.sale('bd_busy_1');
    expect(await eventsSince(busy, busySince)).toEqual({ 'conversion.created': 'pending', 'commission.created': 'pending' });
  });

  it('an active endpoint holds back exactly the types it subscribes to; an inactive one none', async () => {
    const p = await startProgram(api, { prefix: 'bdsome' });
    expect((await endpoint(p, ['commission.created', 'campaign.updated'])).status).toBe(201);
    expect((await endpoint(p, ['*'], false)).status).toBe(201);
    const since = await moment();
    expect(await p.sale('bd_some_1')).toBeTruthy();
    expect((await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.token, body: { name: 'Renamed' } })).status).toBe(200);
    expect((await api.call('PATCH', `/v1/affiliates/${p.a.id}`, { token: p.token, body: { name: 'A2' } })).status).toBe(200);
    expect(await eventsSince(p, since)).toEqual({
      'conversion.created': 'dispatched', 'commission.created': 'pending', 'campaign.updated': 'pending', 'affiliate.updated': 'dispatched',
    });
  });

  // The listeners are read once per statement for all its workspaces (born-dispatched.ts): sales of
  // a silent and a listening workspace written in one statement each get their own workspace's answer.
  it('sales of a silent and a listening workspace written together: each event as its own workspace decides', async () => {
    const quiet = await startProgram(api, { prefix: 'bdmixq' });
    const busy = await startProgram(api, { prefix: 'bdmixb' });
    expect((await endpoint(busy, ['conversion.created'])).status).toBe(201);
    await Promise.all([quiet.sale('bd_mix_warm_q'), busy.sale('bd_mix_warm_b')]);
    const since = await moment();
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? busy : quiet).sale(`bd_mix_${i}`)));
    const states = async (p: Program) => {
      const rows = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), gt(webhookEvents.createdAt, since)));
      return [...new Set(rows.map((r) => `${r.type} ${r.dispatchedAt ? 'dispatched' : 'pending'}`))].sort();
    };
    expect(await states(busy)).toEqual(['commission.created dispatched', 'conversion.created pending']);
    expect(await states(quiet)).toEqual(['commission.created dispatched', 'conversion.created dispatched']);
  });
});
