import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';

// Whatever a receiver answers is stored as last_error: it must fit PostgreSQL text and a bound.
let receiver: Server;
let api: TestApi;
beforeAll(async () => {
  receiver = createServer((_req, res) => void res.writeHead(500).end(`bad\u0000answer ${'x'.repeat(3000)}`));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await api.close();
  await new Promise((r) => receiver.close(r));
});

it('a receiver answering NUL bytes and a long body is recorded, without the NULs and cut to 1,000 characters', async () => {
  const ws = await api.workspace(['*']);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const created = await api.call('POST', '/v1/webhooks', { token: ws.token, body: { url, events: ['*'] } });
  expect(created.status).toBe(201);
  const ping = await api.call('POST', `/v1/webhooks/${created.body.data.id}/test`, { token: ws.token });
  expect(ping.status).toBe(200);
  const error: string = ping.body.data.last_error;
  expect(error.startsWith('HTTP 500: badanswer x')).toBe(true);
  expect(error).toHaveLength(1000);
  const log = await api.call('GET', `/v1/webhooks/${created.body.data.id}/deliveries`, { token: ws.token });
  expect(log.body.data[0].last_error).toBe(error);
});
