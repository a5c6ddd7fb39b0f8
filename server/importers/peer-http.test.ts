import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { getPeerJson, PeerApiError, retryDelay } from './peer-http';

it('reads Retry-After in seconds or as a date, doubles without one, and never waits past a minute', () => {
  expect(retryDelay('3', 0)).toBe(3000);
  expect(retryDelay(null, 0)).toBe(1000);
  expect(retryDelay(null, 3)).toBe(8000);
  expect(retryDelay('junk', 1)).toBe(2000);
  expect(retryDelay('3600', 0)).toBe(60_000);
  const inTwo = retryDelay(new Date(Date.now() + 2500).toUTCString(), 0);
  expect(inTwo).toBeGreaterThan(1000);
  expect(inTwo).toBeLessThanOrEqual(2500);
});

it('gives up after a bounded number of 429s, naming the call, and never retries a 500', async () => {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    if (req.url?.startsWith('/busy')) res.writeHead(429, { 'retry-after': '1' }).end('{"error":"slow down"}');
    else res.writeHead(500).end('boom');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  try {
    const busy = getPeerJson(`${base}/busy?page=1`, {}, { sleep, maxRetries: 3 });
    await expect(busy).rejects.toThrow('GET /busy answered 429 after 4 tries: {"error":"slow down"}');
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(hits).toBe(4);
    const broken = getPeerJson(`${base}/broken`, {}, { sleep });
    await expect(broken).rejects.toBeInstanceOf(PeerApiError);
    expect(hits).toBe(5);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
