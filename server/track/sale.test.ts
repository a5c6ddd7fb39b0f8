import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '@/db/schema';
import { startTestApi, type TestApi } from '../testing/api';
import { liveSum, startProgram, type Program } from '../testing/program';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

describe('POST /v1/track/sale', () => {
  it('attributes a sale to the clicked affiliate and earns the campaign rate', async () => {
    const click = await p.track('click', { ref: p.a.ref });
    const sale = await p.track('sale', { external_id: 'ord_1', visitor_id: click.body.visitor_id, amount: 10_000 });
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ ok: true, attributed: true });
    const conv = await p.conversion(sale.body.conversion_id);
    expect(conv).toMatchObject({ affiliateId: p.a.id, status: 'pending', amount: 10_000, matchMethod: 'cookie', type: 'sale' });
    const [c] = await p.ledger(conv.id);
    expect(c).toMatchObject({ affiliateId: p.a.id, amount: 3_000, status: 'pending', periodIndex: 0, currency: 'usd' });
    const receipt = await api.call('GET', `/v1/conversions/${conv.id}/attribution`, { token: p.token });
    expect(receipt.status).toBe(200);
    expect(JSON.stringify(receipt.body)).toContain(click.body.visitor_id ? 'cookie' : '');
  });

  it('replays the first answer for a repeated external_id and stores nothing new', async () => {
    const first = await p.track('sale', { external_id: 'ord_rep', ref: p.a.ref, amount: 500 });
    const again = await p.track('sale', { external_id: 'ord_rep', ref: p.b.ref, amount: 999 });
    expect(again.body).toEqual(first.body);
    expect((await p.conversion(first.body.conversion_id)).amount).toBe(500);
  });

  it('fifty parallel identical sales create one conversion and one commission', async () => {
    const body = { external_id: 'ord_race', ref: p.a.ref, amount: 2_000 };
    const results = await Promise.all(Array.from({ length: 50 }, () => p.track('sale', body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.conversion_id)).size).toBe(1);
    const rows = await api.db.select().from(conversions).where(eq(conversions.externalId, 'ord_race'));
    expect(rows).toHaveLength(1);
    expect(await p.ledger(rows[0].id)).toHaveLength(1);
  });

  it('answers attributed: false and stores nothing when nobody referred the buyer', async () => {
    const res = await p.track('sale', { external_id: 'ord_none', visitor_id: 'v_never_clicked', amount: 100 });
    expect(res.body).toEqual({ ok: true, attributed: false, visitor_id: 'v_never_clicked' });
    expect(await api.db.select().from(conversions).where(eq(conversions.externalId, 'ord_none'))).toHaveLength(0);
  });

  it('answers the documented errors', async () => {
    expect((await p.track('sale', { external_id: 'x', amount: 1 })).body.error).toBe('visitor_id_required');
    expect((await p.track('sale', { external_id: 'x', ref: p.a.ref })).body.error).toBe('amount_required');
    expect((await p.track('sale', { ref: p.a.ref, amount: 1 })).body.error).toBe('external_id_required');
    expect((await p.track('sale', { external_id: 'x', ref: p.a.ref, amount: -1 })).body.error).toBe('invalid_request');
    expect((await p.track('sale', { external_id: 'x', ref: p.a.ref, amount: 1.5 })).body.error).toBe('invalid_request');
    const write = await p.ws.keyFor(['write']);
    const denied = await api.call('POST', '/v1/track/sale', { token: write, body: { external_id: 'x', ref: p.a.ref, amount: 1 } });
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', need: 'track' });
  });

  it('keeps an attributed customer with its affiliate and counts billing periods', async () => {
    await p.track('sale', { external_id: 'sub_1', ref: p.a.ref, customer_id: 'cus_9', amount: 1_000, interval: 'month' });
    const renewal = await p.track('sale', { external_id: 'sub_2', ref: p.b.ref, customer_id: 'cus_9', amount: 1_000, interval: 'month' });
    const conv = await p.conversion(renewal.body.conversion_id);
    expect(conv).toMatchObject({ affiliateId: p.a.id, matchMethod: 'customer' });
    // the default rule is one_time: a renewal earns nothing, and the receipt says why
    expect(await p.ledger(conv.id)).toHaveLength(0);
    expect(conv.attribution).toMatchObject({ reason: 'one_time_rule_after_first_payment' });
    await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body: { amount: 30, length_type: 'lifetime' } });
    const third = await p.track('sale', { external_id: 'sub_3', customer_id: 'cus_9', amount: 1_000, interval: 'month' });
    const [c] = await p.ledger(third.body.conversion_id);
    expect(c).toMatchObject({ affiliateId: p.a.id, periodIndex: 2, amount: 300 });
    await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.token, body: { amount: 30 } });
  });

  it('prefers the cookie over the ref, and only clicks inside the cookie window count', async () => {
    const click = await p.track('click', { ref: p.b.ref });
    const sale = await p.track('sale', { external_id: 'ord_pref', visitor_id: click.body.visitor_id, ref: p.a.ref, amount: 100 });
    expect((await p.conversion(sale.body.conversion_id)).affiliateId).toBe(p.b.id);
    const old = await p.track('click', { ref: p.b.ref });
    await api.db.execute(sql`update clicks set created_at = now() - interval '31 days' where visitor_key = ${old.body.visitor_id}`);
    const late = await p.track('sale', { external_id: 'ord_late', visitor_id: old.body.visitor_id, ref: p.a.ref, amount: 100 });
    expect((await p.conversion(late.body.conversion_id)).affiliateId).toBe(p.a.id);
  });

  it('keeps test sales apart: no commission, but the receipt shows what it would earn', async () => {
    const res = await p.track('sale', { external_id: 'ord_test', ref: p.a.ref, amount: 10_000, is_test: true });
    const conv = await p.conversion(res.body.conversion_id);
    expect(conv.isTest).toBe(true);
    expect(await p.ledger(conv.id)).toHaveLength(0);
    expect(conv.attribution).toMatchObject({ amount: 3_000, reason: 'test_conversion' });
    expect(liveSum(await p.ledger(conv.id), p.a.id)).toBe(0);
  });
});

describe('POST /v1/track/lead', () => {
  it('records a confirmed lead that earns nothing', async () => {
    const res = await p.track('lead', { external_id: 'lead_1', ref: p.a.ref, email: 'buyer@example.com' });
    const conv = await p.conversion(res.body.conversion_id);
    expect(conv).toMatchObject({ type: 'lead', status: 'confirmed', amount: 0 });
    expect(await p.ledger(conv.id)).toHaveLength(0);
  });
});
