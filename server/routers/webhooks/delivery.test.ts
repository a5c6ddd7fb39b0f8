import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints, webhookEvents } from '@/db/schema';
import { emitEvent } from '../../domain/events/emit-event';
import { startJobRunner } from '../../jobs/start';
import { startTestApi, type TestApi } from '../../testing/api';
import { eventually, startReceiver, type Receiver, type Responder } from '../../testing/webhook-receiver';
import { settled } from '../../testing/webhooks-settled';

// Delivery end to end: the real API, the pg-boss runner on the same database, and a real
// receiver on 127.0.0.1. The retry schedule is compressed 10,000 times (5 s → 0.5 ms, 10 h → 3.6 s).
let api: TestApi;
let runner: Awaited<ReturnType<typeof startJobRunner>>;
const receivers: Receiver[] = [];
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  runner = await startJobRunner({ database: api.database, config: api.services.config, webhooks: { retryScale: 0.0001 } });
});
afterAll(async () => {
  await runner.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await api.close();
});

async function setup(responder?: Responder, events: string[] = ['*']) {
  const ws = await api.workspace(['*']);
  const receiver = await startReceiver(responder);
  receivers.push(receiver);
  const created = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: receiver.url, events } });
  expect(created.status).toBe(201);
  return { ws, receiver, endpoint: created.body.data as { id: string; secret: string } };
}
const newCampaign = (token: string, name = 'Launch') => api.call('POST', '/v1/campaigns', { token, body: { name } });
const deliveries = async (token: string, endpointId: string, query = '') =>
  (await api.call('GET', `/v1/webhooks/${endpointId}/deliveries?limit=200${query}`, { token })).body;
const endpointOf = async (token: string, id: string) => (await api.call('GET', `/v1/webhooks/${id}`, { token })).body.data;
const verify = (secret: string, r: Receiver['received'][number]) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>);

describe('delivery', () => {
  it('signs each subscribed event per Standard Webhooks and logs the delivery', async () => {
    const { ws, receiver, endpoint } = await setup(undefined, ['campaign.created']);
    const other = await startReceiver();
    receivers.push(other);
    await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: other.url, events: ['affiliate.created'] } });
    await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: other.url, events: ['*'], active: false } });
    const campaign = await newCampaign(ws.token, 'Signed');
    await api.call('PATCH', `/v1/campaigns/${campaign.body.data.id}`, { token: ws.token, body: { name: 'Renamed' } });

    await eventually(() => receiver.received.length === 1);
    const [got] = receiver.received;
    const payload = verify(endpoint.secret, got) as { id: string };
    expect(Object.keys(payload)).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(payload).toMatchObject({ type: 'campaign.created', data: { object: 'campaign', id: campaign.body.data.id, name: 'Signed' } });
    expect(got.headers['webhook-id']).toBe(payload.id);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(() => verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), got)).toThrow();

    const log = await eventually(async () => {
      const list = await deliveries(ws.token, endpoint.id);
      return list.data[0]?.status === 'succeeded' && list;
    });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ event_id: payload.id, event_type: 'campaign.created', attempts: 1, response_status: 200, last_error: null, next_attempt_at: null });
    expect(log.data[0].latency_ms).toBeGreaterThanOrEqual(0);
    expect(log.data[0].delivered_at).toMatch(/Z$/);
    await settled(api.db, ws.id); // campaign.updated was fanned out too, to nobody
    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
  });

  it('retries a receiver that fails three times, then succeeds', async () => {
    const { ws, receiver, endpoint } = await setup((_r, nth) => (nth <= 3 ? { status: 500, body: 'x'.repeat(10_000) } : { status: 204 }));
    await newCampaign(ws.token);
    const done = await eventually(async () => {
      const list = await deliveries(ws.token, endpoint.id);
      return list.data[0]?.status === 'succeeded' && list.data[0];
    });
    expect(done).toMatchObject({ attempts: 4, response_status: 204, last_error: null });
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.ids()).size).toBe(1);
    for (const r of receiver.received) verify(endpoint.secret, r);
    expect((await endpointOf(ws.token, endpoint.id)).failing_since).toBeNull();
  });

  it('keeps the start of a failing answer and gives up after eight attempts', async () => {
    const { ws, receiver, endpoint } = await setup(() => ({ status: 500, body: 'e'.repeat(10_000) }));
    await newCampaign(ws.token);
    const failed = await eventually(async () => {
      const list = await deliveries(ws.token, endpoint.id);
      return list.data[0]?.status === 'failed' && list.data[0];
    }, 25_000);
    expect(failed).toMatchObject({ attempts: 8, response_status: 500, next_attempt_at: null });
    expect(failed.last_error).toBe(`HTTP 500: ${'e'.repeat(990)}`);
    expect(receiver.received).toHaveLength(8);
    const ep = await endpointOf(ws.token, endpoint.id);
    expect(ep).toMatchObject({ active: true, disabled_reason: null });
    expect(ep.failing_since).toMatch(/Z$/);
  }, 40_000);

  it('honours Retry-After over the (compressed) schedule', async () => {
    const { ws, receiver } = await setup((_r, nth) => (nth === 1 ? { status: 503, headers: { 'Retry-After': '2' } } : { status: 200 }));
    await newCampaign(ws.token);
    await eventually(() => receiver.received.length === 2);
    expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThanOrEqual(1900);
  });

  it('turns the endpoint off on 410 Gone', async () => {
    const { ws, receiver, endpoint } = await setup(() => ({ status: 410 }));
    await newCampaign(ws.token);
    const ep = await eventually(async () => {
      const e = await endpointOf(ws.token, endpoint.id);
      return !e.active && e;
    });
    expect(ep.disabled_reason).toBe('the endpoint answered 410 Gone');
    const [delivery] = (await deliveries(ws.token, endpoint.id)).data;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_status: 410 });
    await newCampaign(ws.token, 'After');
    await settled(api.db, ws.id);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(ws.token, endpoint.id)).data).toHaveLength(1);
  });

  it('turns the endpoint off after failing for five days straight', async () => {
    const { ws, endpoint } = await setup(() => ({ status: 500 }));
    await api.db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 5 * 86_400_000 - 60_000) }).where(eq(webhookEndpoints.id, endpoint.id));
    await newCampaign(ws.token);
    const ep = await eventually(async () => {
      const e = await endpointOf(ws.token, endpoint.id);
      return !e.active && e;
    });
    expect(ep.disabled_reason).toBe('every delivery failed for 5 days');
    expect((await deliveries(ws.token, endpoint.id)).data[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('emits nothing for a rolled-back transaction', async () => {
    const { ws, receiver } = await setup();
    await expect(
      api.db.transaction(async (tx) => {
        await emitEvent({ ctx: { db: tx, workspaceId: ws.id }, type: 'campaign.created', object: 'campaign', record: { id: 'rolled-back', name: 'Never' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await runner.nudgeWebhooks();
    await newCampaign(ws.token, 'Committed');
    await eventually(() => receiver.received.length >= 1);
    await settled(api.db, ws.id);
    expect(receiver.received.map((r) => JSON.parse(r.body).data.name)).toEqual(['Committed']);
    const stored = await api.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, ws.id));
    expect(stored).toHaveLength(1);
  });

  it('signs with the old and the new secret for a day after rotation', async () => {
    const { ws, receiver, endpoint } = await setup();
    const rotated = await api.call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, { token: ws.token });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.data.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    expect((await endpointOf(ws.token, endpoint.id)).secret).toBeUndefined();
    await newCampaign(ws.token);
    await eventually(() => receiver.received.length === 1);
    const got = receiver.received[0];
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, got)).toMatchObject({ type: 'campaign.created' });
    expect(verify(endpoint.secret, got)).toMatchObject({ type: 'campaign.created' });

    await api.db.update(webhookEndpoints).set({ previousSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(webhookEndpoints.id, endpoint.id));
    await newCampaign(ws.token, 'Later');
    await eventually(() => receiver.received.length === 2);
    expect(String(receiver.received[1].headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(endpoint.secret, receiver.received[1])).toThrow();
    verify(secret, receiver.received[1]);
  });

  it('refuses a private target at connection time when private URLs are not allowed', async () => {
    const strict = await startJobRunner({ database: api.database, config: api.services.config, webhooks: { allowPrivateUrls: false } });
    try {
      const { ws, receiver, endpoint } = await setup();
      await runner.stop(); // only the strict runner may take this delivery
      await api.db.update(webhookEndpoints).set({ url: `https://localhost:${receiver.port}/hook` }).where(eq(webhookEndpoints.id, endpoint.id));
      await newCampaign(ws.token);
      const [delivery] = await eventually(async () => {
        const list = await deliveries(ws.token, endpoint.id);
        return list.data[0]?.attempts >= 1 && list.data;
      });
      expect(delivery).toMatchObject({ response_status: null, last_error: 'localhost is not a public address' });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.stop();
      runner = await startJobRunner({ database: api.database, config: api.services.config, webhooks: { retryScale: 0.0001 } });
    }
  });
});

describe('POST /v1/webhooks/{id}/test and redeliver', () => {
  it('pings only the endpoint asked, signed, and logs it', async () => {
    const { ws, receiver, endpoint } = await setup();
    const bystander = await startReceiver();
    receivers.push(bystander);
    await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: bystander.url, events: ['*'] } });
    const res = await api.call('POST', `/v1/webhooks/${endpoint.id}/test`, { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_delivery', data: { status: 'succeeded', attempts: 1, response_status: 200, event_type: 'ping' } });
    expect(receiver.received).toHaveLength(1);
    expect(verify(endpoint.secret, receiver.received[0])).toMatchObject({
      id: res.body.data.event_id,
      type: 'ping',
      data: { object: 'ping', webhook_endpoint_id: endpoint.id },
    });
    await settled(api.db, ws.id); // the ping is born dispatched: never fanned out to the bystander
    expect(bystander.received).toHaveLength(0);
    expect((await deliveries(ws.token, endpoint.id)).data.map((d: { id: string }) => d.id)).toEqual([res.body.data.id]);
  });

  it('reports a failing ping without retrying it', async () => {
    const { ws, receiver, endpoint } = await setup(() => ({ status: 502, body: 'bad gateway' }));
    const res = await api.call('POST', `/v1/webhooks/${endpoint.id}/test`, { token: ws.token });
    expect(res.body.data).toMatchObject({ status: 'failed', attempts: 1, response_status: 502, last_error: 'HTTP 502: bad gateway', next_attempt_at: null });
    await settled(api.db, ws.id); // failed, not pending: no retry can be sent
    expect(receiver.received).toHaveLength(1);
  });

  it('redelivers a failed delivery with the same webhook-id, even to a disabled endpoint', async () => {
    let gone = true;
    const { ws, receiver, endpoint } = await setup(() => (gone ? { status: 410 } : { status: 200 }));
    await newCampaign(ws.token);
    const [failed] = await eventually(async () => {
      const list = await deliveries(ws.token, endpoint.id);
      return list.data[0]?.status === 'failed' && list.data;
    });
    gone = false;
    const path = `/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`;
    const res = await api.call('POST', path, { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_delivery', data: { id: failed.id, status: 'succeeded', attempts: 2, response_status: 200 } });
    expect(receiver.ids()).toEqual([failed.event_id, failed.event_id]);

    const other = await setup();
    const foreign = await api.call('POST', `/v1/webhooks/${other.endpoint.id}/deliveries/${failed.id}/redeliver`, { token: other.ws.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('link_not_found');
    const otherEndpoint = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: receiver.url, events: ['*'] } });
    const wrongParent = await api.call('POST', `/v1/webhooks/${otherEndpoint.body.data.id}/deliveries/${failed.id}/redeliver`, { token: ws.token });
    expect(wrongParent.body.error).toBe('link_not_found');
    expect(receiver.received).toHaveLength(2);
  });
});

describe('GET /v1/webhooks/{id}/deliveries', () => {
  it('pages newest first, filters by status and validates the query', async () => {
    const { ws, endpoint } = await setup((_r, nth) => ({ status: nth === 2 ? 500 : 200 }));
    for (let i = 0; i < 3; i++) await api.call('POST', `/v1/webhooks/${endpoint.id}/test`, { token: ws.token });
    const all = await deliveries(ws.token, endpoint.id);
    const page = await api.call('GET', `/v1/webhooks/${endpoint.id}/deliveries?limit=2`, { token: ws.token });
    expect(page.body).toMatchObject({ object: 'list', resource: 'webhook_deliveries', limit: 2, offset: 0, has_more: true });
    expect(page.body.data.map((d: { id: string }) => d.id)).toEqual(all.data.slice(0, 2).map((d: { id: string }) => d.id));
    const failed = await deliveries(ws.token, endpoint.id, '&status=failed');
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0].id).toBe(all.data[1].id);
    for (const q of ['status=lost', 'limit=0', 'limit=201', 'offset=-1']) {
      const res = await api.call('GET', `/v1/webhooks/${endpoint.id}/deliveries?${q}`, { token: ws.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('invalid_request');
    }
  });
});
