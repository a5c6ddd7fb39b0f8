import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startReceiver, type Receiver } from '../../testing/webhook-receiver';

// Production settings: WEBHOOK_ALLOW_PRIVATE_URLS unset, so targets must be https and public.
let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let receiver: Receiver;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  ws = await api.workspace(['*']);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

const count = async () => (await api.call('GET', '/v1/webhooks?limit=200', { token: ws.token })).body.data.length;

describe('target URLs without WEBHOOK_ALLOW_PRIVATE_URLS', () => {
  it.each([
    'http://93.184.216.34/hook',
    'https://127.0.0.1/hook',
    'https://127.8.9.10:8443/hook',
    'https://10.0.0.5/hook',
    'https://172.16.3.4/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.1.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    'https://localhost/hook',
    'https://no-such-host.invalid/hook',
  ])('refuses %s and stores nothing', async (url) => {
    const before = await count();
    const res = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url, events: ['*'] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.detail).toMatch(/^url: /);
    expect(await count()).toBe(before);
  });

  it('accepts a public https address and refuses moving it inside', async () => {
    const res = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: 'https://93.184.216.34/hook', events: ['*'] } });
    expect(res.status).toBe(201);
    const moved = await api.call('PATCH', `/v1/webhooks/${res.body.data.id}`, { token: ws.token, body: { url: 'https://10.1.1.1/x' } });
    expect(moved.status).toBe(400);
    expect(moved.body.detail).toMatch(/is not a public address$/);
    const same = await api.call('GET', `/v1/webhooks/${res.body.data.id}`, { token: ws.token });
    expect(same.body.data.url).toBe('https://93.184.216.34/hook');
  });

  it('checks again when connecting: a name that now resolves inside is not called', async () => {
    // As if DNS had pointed the name elsewhere at creation: the row is written directly.
    const created = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url: 'https://93.184.216.34/hook', events: ['*'] } });
    const id = created.body.data.id;
    await api.db.update(webhookEndpoints).set({ url: `https://localhost:${receiver.port}/hook` }).where(eq(webhookEndpoints.id, id));
    const ping = await api.call('POST', `/v1/webhooks/${id}/test`, { token: ws.token });
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({ status: 'failed', attempts: 1, response_status: null, event_type: 'ping' });
    expect(ping.body.data.last_error).toBe('localhost is not a public address');
    expect(receiver.received).toHaveLength(0);
  });
});
