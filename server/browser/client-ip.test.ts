import { and, eq } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { hasherFor } from '../domain/tracking/hash';
import { clientBudgetKey, clientIp, headersClientIp, parseTrustProxy, stampPeer } from '../lib/client-ip';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { startBrowserServer } from '../testing/browser-server';

// Whose address a browser request is counted and stored under. Without TRUST_PROXY the socket
// peer is the client: a forged X-Forwarded-For neither buys a fresh rate budget nor lands in the
// stored ip hash (which the risk engine's ip_concentration signal reads).
let api: TestApi;
let p: Program;
let hash: (v: string) => string | null;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'cip' });
  hash = await hasherFor({ ctx: { db: api.db, workspaceId: p.ws.id } });
});
afterAll(() => api.close());

const clicksOf = (affiliateId: string) => api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.affiliateId, affiliateId)));

async function withServer<T>(trustProxy: string | undefined, run: (url: string) => Promise<T>) {
  const server = await startBrowserServer(api, 30, parseTrustProxy(trustProxy));
  try {
    return await run(server.url);
  } finally {
    await server.close();
  }
}

const collect = (url: string, ref: string, xff: string) =>
  fetch(`${url}/api/collect`, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': xff }, body: JSON.stringify({ w: p.ws.publicId, ref }) });

describe('no proxy trusted (the default)', () => {
  it('a rotated X-Forwarded-For does not defeat the per-address limit of /api/collect, and is not stored', async () => {
    const statuses = await withServer(undefined, async (url) => {
      const out: number[] = [];
      // One at a time, each with a new forged address: all of them are 127.0.0.1 to the server.
      for (let i = 0; i < 35; i++) out.push((await collect(url, p.a.ref, `198.51.100.${i}`)).status);
      return out;
    });
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    const rows = await clicksOf(p.a.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.ipHash))).toEqual(new Set([hash('127.0.0.1')]));
  });

  it('limits /r/{code} per address the same way (429 with Retry-After, no click recorded)', async () => {
    const answers = await withServer(undefined, async (url) => {
      const out: Response[] = [];
      for (let i = 0; i < 32; i++) out.push(await fetch(`${url}/r/${p.b.ref}`, { redirect: 'manual', headers: { 'X-Forwarded-For': `203.0.113.${i}` } }));
      return out;
    });
    expect(answers.slice(0, 30).map((r) => r.status)).toEqual(Array(30).fill(302));
    expect(answers.slice(30).map((r) => r.status)).toEqual([429, 429]);
    expect(Number(answers[31].headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await clicksOf(p.b.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.ipHash))).toEqual(new Set([hash('127.0.0.1')]));
  });
});

describe('TRUST_PROXY set', () => {
  it.each([['loopback'], ['127.0.0.1/8'], ['1']])('%s: the address our proxy saw is the client, not what the client wrote', async (setting) => {
    const affiliate = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: `t${setting.length}-${Math.random()}@example.com`, status: 'active', campaign_id: p.campaign.id } });
    const ref: string = affiliate.body.data.ref_code;
    await withServer(setting, async (url) => {
      // The visitor forged the first entry; our proxy (the socket, trusted) appended the real one.
      expect((await collect(url, ref, '10.9.9.9, 192.0.2.44')).status).toBe(200);
      // Each visitor address has its own budget behind a trusted proxy.
      for (let i = 0; i < 31; i++) expect((await collect(url, ref, `192.0.2.${100 + i}`)).status).toBe(200);
    });
    const hashes = (await clicksOf(affiliate.body.data.id)).map((r) => r.ipHash);
    expect(hashes).toContain(hash('192.0.2.44'));
    expect(hashes).not.toContain(hash('10.9.9.9'));
    expect(hashes).not.toContain(hash('127.0.0.1'));
  });
});

describe('clientIp', () => {
  it('walks X-Forwarded-For from the socket outwards, past trusted hops only', () => {
    const cidrs = parseTrustProxy('10.0.0.0/8, 192.168.1.1');
    expect(clientIp('10.0.0.2', '203.0.113.7, 192.168.1.1', cidrs)).toBe('203.0.113.7');
    expect(clientIp('10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.9', cidrs)).toBe('203.0.113.7');
    expect(clientIp('198.51.100.1', '203.0.113.7', cidrs)).toBe('198.51.100.1'); // the peer is no proxy of ours
    const oneHop = parseTrustProxy('1');
    expect(clientIp('10.0.0.2', '1.1.1.1, 203.0.113.7', oneHop)).toBe('203.0.113.7');
    expect(clientIp('10.0.0.2', '1.1.1.1, 203.0.113.7', parseTrustProxy('2'))).toBe('1.1.1.1');
    expect(clientIp('::ffff:127.0.0.1', '2001:db8::1', parseTrustProxy('loopback'))).toBe('2001:db8::1');
  });

  it('believes no header when nothing is trusted', () => {
    for (const off of [undefined, '', 'false', '0']) {
      expect(parseTrustProxy(off)).toBeNull();
      expect(clientIp('127.0.0.1', '203.0.113.7', parseTrustProxy(off))).toBe('127.0.0.1');
    }
    expect(clientIp(null, '203.0.113.7', null)).toBeNull();
  });

  it('refuses a setting it cannot read at start-up', () => {
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow();
    expect(() => parseTrustProxy('not-an-address')).toThrow();
  });

  it('reads the peer header of a Fetch request only once the lean entry stamps it', () => {
    // as in a process that never ran the lean entry (a file before this one in the worker may have)
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('refcount.peer-header-stamped')];
    const headers = new Headers({ 'x-refcount-peer': '203.0.113.9', 'x-forwarded-for': '198.51.100.3' });
    const get = (n: string) => headers.get(n);
    expect(headersClientIp(get, null)).toBeNull(); // a client wrote it: ignored
    const req = { headers: { 'x-refcount-peer': '6.6.6.6' }, socket: { remoteAddress: '192.0.2.10' } } as unknown as IncomingMessage;
    stampPeer(req);
    expect(req.headers['x-refcount-peer']).toBe('192.0.2.10'); // overwritten, whatever was sent
    expect(headersClientIp(get, null)).toBe('203.0.113.9');
    expect(headersClientIp(get, parseTrustProxy('203.0.113.0/24'))).toBe('198.51.100.3');
  });
});

describe('clientBudgetKey', () => {
  it('counts IPv4 by address and IPv6 by its /64, however the address is written', () => {
    expect(clientBudgetKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBudgetKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const one = clientBudgetKey('2001:db8:0:42::1');
    expect(one).toBe('2001:db8:0:42::/64');
    expect(clientBudgetKey('2001:0db8:0000:0042:dead:beef:0:1')).toBe(one);
    expect(clientBudgetKey('2001:DB8:0:42:ffff::9')).toBe(one);
    expect(clientBudgetKey('2001:db8:0:43::1')).not.toBe(one);
    expect(clientBudgetKey('::1')).toBe('0:0:0:0::/64');
  });
});
