import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, clicks, rollupDeltas, workspaceKeys } from '@/db/schema';
import { hashToken } from '../auth/tokens';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';
import { recordClick, type ClickInput } from '../domain/tracking/record-click';
import { clickWriter } from './click-write';

// Group commit: clicks that arrive together are written by one statement, yet each must be
// answered exactly as if it had come alone, and one the database refuses must not take its
// neighbours down with it.
let api: TestApi;
let p: Program;
const SUSPENDED = 'togetherx';
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'together' });
  await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: 'x@example.com', name: 'X', ref_code: SUSPENDED, status: 'active', campaign_id: p.campaign.id } });
  const [suspended] = await api.db.update(affiliates).set({ status: 'suspended' }).where(and(eq(affiliates.workspaceId, p.ws.id), eq(affiliates.refCode, SUSPENDED))).returning();
  expect(suspended).toBeDefined();
});
afterAll(() => api.close());

const ctx = () => ({ db: api.db, workspaceId: p.ws.id });
const together = (inputs: ClickInput[]) => Promise.allSettled(inputs.map((input) => recordClick({ ctx: ctx(), input })));
const ofClicks = async (figure: SQL<number>) => (await api.db.select({ n: figure }).from(clicks).where(eq(clicks.workspaceId, p.ws.id)))[0].n;
const clickCount = () => ofClicks(sql<number>`count(*)::int`);
// A visitor is its clicks: the distinct visitor keys among them.
const visitorCount = () => ofClicks(sql<number>`count(distinct ${clicks.visitorKey})::int`);
const value = <T>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : null);

describe('clicks that arrive together', () => {
  it('share a statement, and each is answered as if it had come alone', async () => {
    const first = await recordClick({ ctx: ctx(), input: { ref: p.a.ref, fingerprint: 'fp-together' } });
    const [clicksBefore, visitorsBefore] = [await clickCount(), await visitorCount()];
    const before = clickWriter(api.db).stats();
    const inputs: ClickInput[] = [
      ...Array.from({ length: 10 }, (_, i) => ({ ref: p.a.ref, visitorId: `v-together-${i % 5}` })),
      ...Array.from({ length: 10 }, () => ({ ref: p.b.ref, fingerprint: 'fp-together' })),
      ...Array.from({ length: 10 }, (_, i) => ({ ref: i % 2 ? p.a.ref : p.b.ref.toUpperCase() })),
      ...Array.from({ length: 5 }, () => ({ ref: 'nobody-together' })),
      ...Array.from({ length: 5 }, () => ({ ref: SUSPENDED })),
    ];
    const out = await together(inputs);
    const after = clickWriter(api.db).stats();
    expect(after.items - before.items).toBe(inputs.length);
    expect(after.statements - before.statements).toBeLessThan(inputs.length / 4);

    const cookie = out.slice(0, 10).map(value);
    cookie.forEach((r, i) => expect(r).toEqual({ ok: true, visitorId: `v-together-${i % 5}`, matchMethod: 'cookie', matchConfidence: 1 }));
    // A fingerprint seen on an earlier click: the same visitor, at fingerprint confidence.
    for (const r of out.slice(10, 20).map(value)) {
      expect(r).toMatchObject({ ok: true, visitorId: first.visitorId, matchMethod: 'fingerprint' });
      expect(r!.matchConfidence).toBeGreaterThan(0.85);
      expect(r!.matchConfidence).toBeLessThanOrEqual(0.9);
    }
    const fresh = out.slice(20, 30).map(value);
    fresh.forEach((r) => expect(r).toMatchObject({ ok: true, matchMethod: 'new', matchConfidence: 1 }));
    expect(new Set(fresh.map((r) => r!.visitorId)).size).toBe(10);
    for (const r of out.slice(30, 35)) expect(r).toMatchObject({ status: 'rejected', reason: { code: 'link_not_found' } });
    for (const r of out.slice(35)) expect(value(r)).toEqual({ ok: false, visitorId: null, matchMethod: null, matchConfidence: null });

    // 30 clicks kept; visitors (distinct visitor keys): 5 cookies (each sent twice) and 10 new ones.
    expect((await clickCount()) - clicksBefore).toBe(30);
    expect((await visitorCount()) - visitorsBefore).toBe(15);
    const [aRow] = await api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.visitorKey, 'v-together-3')));
    expect(aRow).toMatchObject({ affiliateId: p.a.id, campaignId: p.campaign.id, matchMethod: 'cookie', source: 'api' });
  });

  it('adds up to the raw clicks in the rollup deltas, per affiliate', async () => {
    const perAffiliate = async (table: typeof clicks | typeof rollupDeltas, figure: ReturnType<typeof sql<number>>) =>
      Object.fromEntries((await api.db.select({ a: table.affiliateId, n: figure }).from(table).where(eq(table.workspaceId, p.ws.id)).groupBy(table.affiliateId)).map((r) => [r.a, r.n]));
    const raw = await perAffiliate(clicks, sql<number>`count(*)::int`);
    expect(raw[p.a.id]).toBeGreaterThan(5);
    expect(await perAffiliate(rollupDeltas, sql<number>`sum(${rollupDeltas.clicks})::int`)).toEqual(raw);
  });

  it('fails only the click the database refuses; its neighbours are kept', async () => {
    const before = await clickCount();
    const inputs: ClickInput[] = Array.from({ length: 12 }, (_, i) => ({ ref: p.a.ref, url: i === 11 ? 'https://x.test/\u0000' : `https://x.test/${i}` }));
    const out = await together(inputs);
    expect(out.slice(0, 11).every((r) => r.status === 'fulfilled' && r.value.ok)).toBe(true);
    expect(out[11].status).toBe('rejected');
    expect((await clickCount()) - before).toBe(11);
  });

  it('keeps a lone surrogate as U+FFFD, as a click sent alone does', async () => {
    const out = await together([{ ref: p.a.ref, url: 'https://x.test/a' }, { ref: p.a.ref, url: 'https://x.test/\ud800' }, { ref: p.b.ref, url: 'https://x.test/\udc00b' }]);
    const ids = out.map((r) => value(r)!.visitorId!);
    const urls = await Promise.all(ids.map(async (v) => (await api.db.select({ url: clicks.url }).from(clicks).where(eq(clicks.visitorKey, v)))[0].url));
    expect(urls).toEqual(['https://x.test/a', 'https://x.test/\ufffd', 'https://x.test/\ufffdb']);
  });

  it('refuses, alone in its batch, a click under a key that is revoked, lacks track or is another workspace\'s', async () => {
    const live = hashToken(await p.ws.keyFor(['track']));
    const revoked = hashToken(await p.ws.keyFor(['*']));
    await api.db.update(workspaceKeys).set({ revokedAt: new Date() }).where(eq(workspaceKeys.hash, revoked));
    const readOnly = hashToken(await p.ws.keyFor(['read']));
    const foreign = hashToken((await api.workspace(['track'])).token);
    const before = await clickCount();
    const out = await Promise.allSettled(
      [live, revoked, readOnly, foreign, null].map((underKey, i) => recordClick({ ctx: ctx(), input: { ref: p.a.ref, visitorId: `v-keyed-${i}` }, underKey })),
    );
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'fulfilled']);
    out.filter((r) => r.status === 'rejected').forEach((r) => expect(r).toMatchObject({ reason: { code: 'unauthorized' } }));
    expect(await clickCount()).toBe(before + 2);
  });
});
