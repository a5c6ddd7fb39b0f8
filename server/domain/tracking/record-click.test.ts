import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// What a click keeps about the visitor: address and browser only as hashes salted per workspace,
// so the same person in two programs cannot be linked, while one program still recognises them.
let api: TestApi;
let one: Program;
let two: Program;
beforeAll(async () => {
  api = await startTestApi();
  one = await startProgram(api, { prefix: 'one' });
  two = await startProgram(api, { prefix: 'two' });
});
afterAll(() => api.close());

const visitor = { ip: '203.0.113.9', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
const stored = async (visitorId: string) => (await api.db.select().from(clicks).where(eq(clicks.visitorKey, visitorId)))[0];

describe('recordClick', () => {
  it('hashes the address and user agent with the workspace’s own salt', async () => {
    const first = await one.track('click', { ref: one.a.ref, ...visitor });
    const again = await one.track('click', { ref: one.b.ref, ...visitor });
    const elsewhere = await two.track('click', { ref: two.a.ref, ...visitor });
    const [a, b, c] = await Promise.all([first, again, elsewhere].map((r) => stored(r.body.visitor_id)));
    expect(a.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.ipHash).not.toContain('203.0.113.9');
    // One program recognises the returning visitor (the ip match found the first click)...
    expect(again.body.match_method).toBe('ip');
    expect([b.ipHash, b.uaHash]).toEqual([a.ipHash, a.uaHash]);
    // ...another program cannot link the same person to it.
    expect(elsewhere.body.match_method).toBe('new');
    expect(c.ipHash).not.toBe(a.ipHash);
    expect(c.uaHash).not.toBe(a.uaHash);
  });

  it('stores where the click came from: api for POST /v1/track/click', async () => {
    const res = await one.track('click', { ref: one.a.ref });
    expect((await stored(res.body.visitor_id)).source).toBe('api');
  });

  it('names the referral code when it is unknown', async () => {
    const res = await one.track('click', { ref: 'nobody-has-this' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'link_not_found', detail: 'referral code not found' });
  });
});
