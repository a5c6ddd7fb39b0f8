import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './send-webhook';

// The transport against a real server on 127.0.0.1.
let server: Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') return void res.writeHead(302, { Location: '/landing' }).end();
    if (req.url === '/hang') return; // never answers
    if (req.url === '/huge') {
      res.writeHead(500);
      const chunk = 'z'.repeat(1024);
      const pump = () => res.write(chunk) && setImmediate(pump);
      return pump(); // a body without end
    }
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const send = (path: string, opts = { allowPrivate: true, timeoutMs: 2000 }) =>
  sendWebhook({ url: base + path, headers: { 'webhook-id': 'msg_1' }, body: '{}' }, opts);

describe('sendWebhook', () => {
  it('treats a 2xx as success', async () => {
    expect(await send('/ok')).toMatchObject({ ok: true, statusCode: 200, error: null });
  });

  it('does not follow redirects', async () => {
    hits.length = 0;
    const res = await send('/redirect');
    expect(res).toMatchObject({ ok: false, statusCode: 302, error: 'HTTP 302' });
    expect(hits).toEqual(['/redirect']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const res = await send('/hang', { allowPrivate: true, timeoutMs: 300 });
    expect(res).toMatchObject({ ok: false, statusCode: null, error: 'no answer within 0.3 s' });
    // The message comes from the timeout path (a hang would otherwise fail at the test timeout);
    // a lower bound only, since a slow machine makes any upper one flaky.
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it('reads a bounded start of an endless answer and keeps its first 1,000 characters', async () => {
    const res = await send('/huge');
    expect(res.statusCode).toBe(500);
    expect(res.error).toBe(`HTTP 500: ${'z'.repeat(990)}`);
  });

  it('refuses http and private addresses unless allowed, before connecting', async () => {
    hits.length = 0;
    expect(await send('/ok', { allowPrivate: false, timeoutMs: 2000 })).toMatchObject({ ok: false, error: 'must be an https URL' });
    const https = await sendWebhook({ url: base.replace('http:', 'https:') + '/ok', headers: {}, body: '{}' }, { allowPrivate: false, timeoutMs: 2000 });
    expect(https.error).toBe('127.0.0.1 is not a public address');
    expect(hits).toEqual([]);
  });
});
