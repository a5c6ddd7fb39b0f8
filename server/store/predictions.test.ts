import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions, webhookEvents, workspaceKeys } from '@/db/schema';
import { hashToken } from '../auth/tokens';
import { startTestApi, type TestApi } from '../testing/api';
import { insertAffiliateCode, setAffiliateCodeStatus } from '../testing/affiliate-code-rows';
import { startProgram, type Program } from '../testing/program';
import { predictionStats } from './predictions';

// A sale by code under a key this process verified may skip its first read: computed from what the
// workspace's previous sale read, written by a statement that checks those answers still hold.
// Whichever way a sale goes, what is stored and answered must be what the usual way gives.
let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'predict' });
});
afterAll(() => api.close());

const sale = (token: string, body: Record<string, unknown>) => api.call('POST', '/v1/track/sale', { token, body: { amount: 10_000, ...body } });
const stats = () => predictionStats(api.db);
const stored = async (externalId: string) => {
  const [conversion] = await api.db.select().from(conversions).where(and(eq(conversions.workspaceId, p.ws.id), eq(conversions.externalId, externalId)));
  if (!conversion) return { conversion, ledger: [], events: [] };
  const ledger = await api.db.select().from(commissions).where(eq(commissions.conversionId, conversion.id));
  const events = await api.db.select({ type: webhookEvents.type }).from(webhookEvents)
    .where(sql`${webhookEvents.payload}->'data'->>'id' in (${conversion.id}, ${ledger[0]?.id ?? ''})`).orderBy(webhookEvents.type);
  return { conversion, ledger, events };
};
// what two sales of the same body must have alike, whichever way each was written
const shape = async (externalId: string) => {
  const { conversion: c, ledger, events } = await stored(externalId);
  return {
    conversion: { affiliateId: c.affiliateId, campaignId: c.campaignId, status: c.status, amount: c.amount, method: c.matchMethod, receipt: { ...(c.attribution as object), conversion_id: undefined } },
    ledger: ledger.map((l) => ({ affiliateId: l.affiliateId, amount: l.amount, status: l.status, ruleId: l.ruleId, holdDays: (l.holdUntil!.getTime() - c.ts.getTime()) / 86_400_000 })),
    events: events.map((e) => e.type),
  };
};

describe('a sale by code under a known key', () => {
  it('is written on its prediction in one statement, exactly as the usual way writes it', async () => {
    const token = await p.ws.keyFor(['track']);
    const before = stats();
    const usual = await sale(token, { external_id: 'pr_1', ref: p.a.ref });
    expect(stats()).toEqual(before); // a key not verified yet goes the usual way
    const predicted = await sale(token, { external_id: 'pr_2', ref: p.a.ref.toUpperCase() });
    expect(stats()).toEqual({ written: before.written + 1, missed: before.missed });
    expect(predicted.body).toEqual({ ok: true, attributed: true, conversion_id: (await stored('pr_2')).conversion.id });
    expect(usual.body.conversion_id).not.toBe(predicted.body.conversion_id);
    const [a, b] = [await shape('pr_1'), await shape('pr_2')];
    expect(b).toEqual(a);
    expect(b.ledger).toEqual([{ affiliateId: p.a.id, amount: 3_000, status: 'pending', ruleId: expect.any(String), holdDays: 30 }]);
    expect(b.events).toEqual(['commission.created', 'conversion.created']);
    // a manual code is predicted once a first read has seen it name its affiliate
    await sale(token, { external_id: 'pr_3', manual_code: p.b.ref });
    expect((await sale(token, { external_id: 'pr_4', manual_code: p.b.ref, ref: p.a.ref })).status).toBe(200);
    expect(stats().written).toBe(before.written + 2);
    expect((await stored('pr_4')).conversion).toMatchObject({ affiliateId: p.b.id, matchMethod: 'manual_code' });
  });

  it('misses on every change since its prediction, and the sale goes the usual way with what is true now', async () => {
    const token = await p.ws.keyFor(['track']);
    const patch = (path: string, body: unknown) => api.call('PATCH', path, { token: p.token, body });
    await sale(token, { external_id: 'pc_0', ref: p.a.ref });
    const missed = async (externalId: string, body: Record<string, unknown> = { ref: p.a.ref }) => {
      const before = stats();
      const res = await sale(token, { external_id: externalId, ...body });
      expect(stats()).toEqual({ written: before.written, missed: before.missed + 1 });
      return res;
    };
    await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body: { amount: 50 } });
    await missed('pc_1');
    expect((await stored('pc_1')).ledger.map((l) => l.amount)).toEqual([5_000]);
    await patch('/v1/settings', { hold_days: 7 });
    await missed('pc_2');
    expect((await shape('pc_2')).ledger[0].holdDays).toBe(7);
    const other = await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Other', destination_url: 'https://shop.example.com/o' } });
    await patch(`/v1/affiliates/${p.a.id}`, { campaign_id: other.body.data.id });
    await missed('pc_3');
    expect((await stored('pc_3')).conversion.campaignId).toBe(other.body.data.id);
    await patch(`/v1/affiliates/${p.a.id}`, { campaign_id: p.campaign.id });
    await missed('pc_4');
    // each miss read afresh, so the next sale is predicted again
    const written = stats().written;
    expect((await sale(token, { external_id: 'pc_5', ref: p.a.ref })).status).toBe(200);
    expect(stats().written).toBe(written + 1);
    // a retry of a stored sale writes nothing on its prediction: the usual way replays its id
    expect((await missed('pc_5')).body.conversion_id).toBe((await stored('pc_5')).conversion.id);
    await patch(`/v1/affiliates/${p.a.id}`, { status: 'suspended' });
    expect((await missed('pc_6')).body).toEqual({ ok: true, attributed: false, visitor_id: null });
    expect((await stored('pc_6')).conversion).toBeUndefined();
    await patch(`/v1/affiliates/${p.a.id}`, { status: 'active' });
    expect((await sale(token, { external_id: 'pc_7', ref: p.a.ref })).status).toBe(200);
    await api.db.update(workspaceKeys).set({ revokedAt: new Date() }).where(eq(workspaceKeys.hash, hashToken(token)));
    const refused = await missed('pc_8');
    expect([refused.status, refused.body.error]).toEqual([401, 'unauthorized']);
    expect((await stored('pc_8')).conversion).toBeUndefined();
  });

  it('racing retries of one sale store it once, with one commission, and all answer its id', async () => {
    const token = await p.ws.keyFor(['track']);
    await sale(token, { external_id: 'prace_0', ref: p.b.ref });
    const before = stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sale(token, { external_id: 'prace_1', ref: p.b.ref })));
    const { conversion, ledger } = await stored('prace_1');
    expect(new Set(answers.map((a) => a.body.conversion_id))).toEqual(new Set([conversion.id]));
    expect(ledger).toHaveLength(1);
    // one written on its prediction; the others found it stored and replayed it the usual way
    expect(stats()).toEqual({ written: before.written + 1, missed: before.missed + 7 });
  });
});

describe('a sale by affiliate code under a known key', () => {
  it('is predicted as its code; its write misses once the code is deactivated, and the sale is read afresh', async () => {
    const token = await p.ws.keyFor(['track']);
    const code = await insertAffiliateCode(api.db, { workspaceId: p.ws.id, affiliateId: p.b.id, code: 'PredictB10' });
    await sale(token, { external_id: 'pcode_1', manual_code: 'predictb10' });
    const before = stats();
    // the code beats the ref it comes with, predicted as read
    expect((await sale(token, { external_id: 'pcode_2', manual_code: 'PREDICTB10', ref: p.a.ref })).status).toBe(200);
    expect(stats()).toEqual({ written: before.written + 1, missed: before.missed });
    const [one, two] = [await shape('pcode_1'), await shape('pcode_2')];
    expect(two).toEqual(one);
    expect(two.conversion).toMatchObject({ affiliateId: p.b.id, method: 'code', receipt: { method: 'code', code: { id: code.id, code: 'PredictB10' } } });
    await setAffiliateCodeStatus(api.db, code.id, 'inactive');
    await sale(token, { external_id: 'pcode_3', manual_code: 'predictb10', ref: p.a.ref });
    expect(stats()).toEqual({ written: before.written + 1, missed: before.missed + 1 });
    expect((await stored('pcode_3')).conversion).toMatchObject({ affiliateId: p.a.id, matchMethod: 'ref' });
  });

  it('a manual code predicted as a ref code misses once an affiliate code takes its text', async () => {
    const token = await p.ws.keyFor(['track']);
    await sale(token, { external_id: 'ptaken_1', manual_code: p.a.ref });
    await sale(token, { external_id: 'ptaken_2', manual_code: p.a.ref });
    expect((await stored('ptaken_2')).conversion).toMatchObject({ affiliateId: p.a.id, matchMethod: 'manual_code' });
    const before = stats();
    await insertAffiliateCode(api.db, { workspaceId: p.ws.id, affiliateId: p.b.id, code: p.a.ref.toUpperCase() });
    await sale(token, { external_id: 'ptaken_3', manual_code: p.a.ref });
    expect(stats()).toEqual({ written: before.written, missed: before.missed + 1 });
    expect((await stored('ptaken_3')).conversion).toMatchObject({ affiliateId: p.b.id, matchMethod: 'code' });
  });
});
