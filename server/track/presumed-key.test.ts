import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions, workspaceKeys } from '@/db/schema';
import { workspaceKeyLookups } from '../auth/resolve-key';
import { hashToken } from '../auth/tokens';
import { startTestApi, type TestApi } from '../testing/api';
import { startProgram, type Program } from '../testing/program';

// A key this process verified before skips its lookup on POST /v1/track/click: the click's own
// statement checks it instead. Whichever way a request goes, its answer and what it spends of
// the key's budget must be what the usual path gives.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '8' });
  p = await startProgram(api, { prefix: 'presumed' });
});
afterAll(() => api.close());

const click = (token: string, body: unknown = { ref: p.a.ref }) => api.call('POST', '/v1/track/click', { token, body });
const lookups = () => workspaceKeyLookups(api.db).items;
const clicksOf = async (keyed: string[]) =>
  (await api.db.select({ n: sql<number>`count(*)::int` }).from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), inArray(clicks.visitorKey, keyed))))[0].n;

describe('clicks under a key this process has verified', () => {
  it('need no key lookup, and each request spends one request of the budget, whichever path answers it', async () => {
    const token = await p.ws.keyFor(['track']);
    const first = await click(token, { ref: p.a.ref, visitor_id: 'v_presumed_1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('7');
    const before = lookups();
    const remaining: string[] = [];
    for (let i = 2; i <= 5; i++) {
      const res = await click(token, { ref: p.a.ref, visitor_id: `v_presumed_${i}` });
      expect(res.body).toMatchObject({ ok: true, visitor_id: `v_presumed_${i}` });
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['6', '5', '4', '3']);
    expect(lookups()).toBe(before);
    // bad input goes the usual way (401 would come first): 400, one request spent
    const bad = await click(token, { ref: '' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit-remaining')).toBe('2');
    const unknownRef = await click(token, { ref: 'nobody-presumed' });
    expect(unknownRef.status).toBe(404);
    expect((await click(token, { ref: p.a.ref, visitor_id: 'v_presumed_6' })).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await click(token, { ref: p.a.ref, visitor_id: 'v_presumed_7' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(await clicksOf(Array.from({ length: 7 }, (_, i) => `v_presumed_${i + 1}`))).toBe(6);
  });

  it('a key revoked since is refused by the click statement itself: 401, nothing written, looked up again', async () => {
    const token = await p.ws.keyFor(['track']);
    expect((await click(token, { ref: p.a.ref, visitor_id: 'v_revoked_1' })).status).toBe(200);
    await api.db.update(workspaceKeys).set({ revokedAt: new Date() }).where(eq(workspaceKeys.hash, hashToken(token)));
    const before = lookups();
    const refused = await click(token, { ref: p.a.ref, visitor_id: 'v_revoked_2' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('unauthorized');
    expect(lookups()).toBe(before + 1);
    expect(await clicksOf(['v_revoked_1', 'v_revoked_2'])).toBe(1);
  });

  it('a key known from a read still may not click: 403, nothing written', async () => {
    const token = await p.ws.keyFor(['read']);
    expect((await api.call('GET', '/v1/campaigns', { token })).status).toBe(200);
    const refused = await click(token, { ref: p.a.ref, visitor_id: 'v_read_1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_scope');
    expect(await clicksOf(['v_read_1'])).toBe(0);
  });
});

// Sales and refunds under a known key check it in their first read (server/store/sale-read.ts, refund-read.ts).
describe('sales and refunds under a key this process has verified', () => {
  const sale = (token: string, body: Record<string, unknown>) => api.call('POST', '/v1/track/sale', { token, body });
  const refund = (token: string, body: Record<string, unknown>) => api.call('POST', '/v1/track/refund', { token, body });
  const conversion = async (externalId: string) =>
    (await api.db.select().from(conversions).where(and(eq(conversions.workspaceId, p.ws.id), eq(conversions.externalId, externalId))))[0];

  it('need no key lookup, and answer as the usual path does', async () => {
    const token = await p.ws.keyFor(['track']);
    expect((await click(token, { ref: p.a.ref, visitor_id: 'v_sale_known' })).status).toBe(200);
    const before = lookups();
    const made = await sale(token, { external_id: 'pk_sale_1', ref: p.a.ref, amount: 10_000 });
    expect(made.body).toMatchObject({ ok: true, attributed: true });
    expect((await sale(token, { external_id: 'pk_sale_1', ref: p.a.ref, amount: 10_000 })).body.conversion_id).toBe(made.body.conversion_id);
    expect((await refund(token, { external_id: 'pk_sale_1', amount: 2_500 })).body).toEqual({ ok: true, conversion_id: made.body.conversion_id });
    expect((await refund(token, { external_id: 'pk_nobody' })).body.error).toBe('conversion_failed');
    expect((await sale(token, { external_id: 'pk_sale_2', amount: 10_000 })).body.error).toBe('visitor_id_required');
    expect(lookups()).toBe(before);
    expect((await conversion('pk_sale_1')).refundedAmount).toBe(2_500);
  });

  it('a key revoked since is refused before anything is read out or written: 401 for every request', async () => {
    const token = await p.ws.keyFor(['track']);
    const made = await sale(token, { external_id: 'pk_sale_3', ref: p.a.ref, amount: 10_000 });
    expect(made.status).toBe(200);
    await api.db.update(workspaceKeys).set({ revokedAt: new Date() }).where(eq(workspaceKeys.hash, hashToken(token)));
    const answers = [
      await sale(token, { external_id: 'pk_sale_4', ref: p.a.ref, amount: 10_000 }), // would be stored
      await sale(token, { external_id: 'pk_sale_3', ref: p.a.ref, amount: 10_000 }), // would replay its id
      await sale(token, { external_id: 'pk_sale_5', amount: 10_000 }), // would be 400
      await refund(token, { external_id: 'pk_sale_3' }), // would refund
      await refund(token, { external_id: 'pk_nobody' }), // would be 422
    ];
    expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array(5).fill([401, 'unauthorized']));
    expect(await conversion('pk_sale_4')).toBeUndefined();
    expect((await conversion('pk_sale_3')).refundedAmount).toBe(0);
  });
});
