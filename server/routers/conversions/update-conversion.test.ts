import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, conversions } from '@/db/schema';
import { confirmDueConversions } from '../../domain/conversions/confirm';
import { startTestApi, type TestApi } from '../../testing/api';
import { eventsOf } from '../../testing/commission-fixtures';
import { liveSum, startProgram, type Program } from '../../testing/program';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

const sale = (id: string, amount?: number) => p.sale(id, amount);

describe('PATCH /v1/conversions/{id}', () => {
  it('a reversal state claws back; leaving it restores the commission as it was', async () => {
    const id = await sale('p_rev');
    await api.db.update(commissions).set({ status: 'approved' }).where(eq(commissions.conversionId, id));
    const res = await p.patchConversion(id, { status: 'voided' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('reversed');
    expect((await p.ledger(id))[0]).toMatchObject({ status: 'reversed', restoreStatus: 'approved' });
    await p.patchConversion(id, { status: 'confirmed' });
    expect((await p.ledger(id))[0]).toMatchObject({ status: 'approved', amount: 3_000 });
    const same = await p.patchConversion(id, { status: 'confirmed' });
    expect(same.status).toBe(200);
    expect(await p.ledger(id)).toHaveLength(1);
  });

  it('confirming a partially refunded sale keeps the refund (only leaving a reversal state undoes it)', async () => {
    const id = await sale('p_part_confirm');
    await p.track('refund', { external_id: 'p_part_confirm', amount: 2_500 });
    const res = await p.patchConversion(id, { status: 'confirmed' });
    expect(res.body.data).toMatchObject({ status: 'confirmed', refunded_amount: 2_500 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(2_250);
  });

  it('a paid commission is never edited: a clawback row carries the difference', async () => {
    const id = await sale('p_paid');
    await api.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.conversionId, id));
    await p.track('refund', { external_id: 'p_paid' });
    const rows = await p.ledger(id);
    expect(rows[0]).toMatchObject({ status: 'paid', amount: 3_000 });
    expect(rows[1]).toMatchObject({ kind: 'clawback', amount: -3_000, status: 'approved', reversesCommissionId: rows[0].id });
    expect(liveSum(rows, p.a.id)).toBe(0);
    await p.patchConversion(id, { status: 'confirmed' }); // the refund is undone
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(3_000);
  });

  it('a refund of a commission already in a pending payout is clawed back, not edited', async () => {
    const id = await sale('p_batched');
    await api.db.update(commissions).set({ status: 'approved', holdUntil: new Date(0) }).where(eq(commissions.conversionId, id));
    await api.call('PATCH', '/v1/settings', { token: p.token, body: { min_payout: 1000 } });
    const batch = await api.call('POST', '/v1/payouts', { token: p.token });
    expect(batch.status).toBe(201);
    expect(batch.body.data).toHaveLength(1);
    await p.track('refund', { external_id: 'p_batched' });
    const rows = await p.ledger(id);
    expect(rows[0]).toMatchObject({ status: 'approved', amount: 3_000 });
    expect(rows[0].payoutId).not.toBeNull();
    expect(rows[1]).toMatchObject({ kind: 'clawback', amount: -3_000, payoutId: null });
  });

  it('re-attribution moves the commission to the new affiliate', async () => {
    const id = await sale('p_move');
    const res = await p.patchConversion(id, { affiliate_id: p.b.id });
    expect(res.body.data.affiliate_id).toBe(p.b.id);
    const rows = await p.ledger(id);
    expect(liveSum(rows, p.a.id)).toBe(0);
    expect(liveSum(rows, p.b.id)).toBe(3_000);
    await p.patchConversion(id, { affiliate_id: p.a.id }); // and back: A's commission is restored
    const back = await p.ledger(id);
    expect(back).toHaveLength(2);
    expect(liveSum(back, p.a.id)).toBe(3_000);
    expect(liveSum(back, p.b.id)).toBe(0);
  });

  it('re-attribution after payment: a refund claws back only from the commission it reduces', async () => {
    const id = await sale('p_paid_move', 10_000);
    const pay = () => api.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.conversionId, id));
    await pay();
    await p.patchConversion(id, { affiliate_id: p.b.id }); // A paid 30.00: clawed back in full; B earns 30.00
    await pay();
    expect((await p.track('refund', { external_id: 'p_paid_move', amount: 5_000 })).status).toBe(200);
    const rows = await p.ledger(id);
    // A's own clawback already nets A to zero; B's half refund is B's alone
    // (rows written by one transaction share a timestamp: compared as a set)
    expect(rows.map((r) => [r.affiliateId, r.kind, r.amount]).sort()).toEqual([
      [p.a.id, 'earning', 3_000],
      [p.a.id, 'clawback', -3_000],
      [p.b.id, 'earning', 3_000],
      [p.b.id, 'clawback', -1_500],
    ].sort());
    expect([liveSum(rows, p.a.id), liveSum(rows, p.b.id)]).toEqual([0, 1_500]);
  });

  it('confirming approves the commission only with auto_approve_commissions on, and says so; a no-op changes nothing', async () => {
    const settings = (body: unknown) => api.call('PATCH', '/v1/settings', { token: p.token, body });
    const updates = async (conversionId: string, type: string) =>
      (await eventsOf(api, p.ws.id, type)).filter((e) => JSON.stringify(e.payload).includes(conversionId));
    await settings({ auto_approve_commissions: false });
    const manual = await sale('p_manual');
    expect((await p.patchConversion(manual, { status: 'confirmed' })).status).toBe(200);
    expect((await p.ledger(manual))[0].status).toBe('pending');
    expect(await updates(manual, 'commission.updated')).toEqual([]);
    // the same status again: no write, no event
    const before = await p.conversion(manual);
    expect((await p.patchConversion(manual, { status: 'confirmed' })).status).toBe(200);
    expect((await p.conversion(manual)).updatedAt).toEqual(before.updatedAt);
    expect(await updates(manual, 'conversion.updated')).toHaveLength(1);

    await settings({ auto_approve_commissions: true });
    try {
      const auto = await sale('p_auto');
      await p.patchConversion(auto, { status: 'confirmed' });
      const [commission] = await p.ledger(auto);
      expect(commission.status).toBe('approved');
      const events = await updates(auto, 'commission.updated');
      expect(events.map((e) => (e.payload as { data: { id: string; status: string } }).data)).toEqual([expect.objectContaining({ id: commission.id, status: 'approved' })]);
    } finally {
      await settings({ auto_approve_commissions: false });
    }
  });

  it('answers the documented errors and changes nothing on bad input', async () => {
    const id = await sale('p_err');
    const other = await api.workspace(['*']);
    const foreignAffiliate = (await api.call('POST', '/v1/affiliates', { token: other.token, body: { email: 'x@example.com' } })).body.data;
    expect((await p.patchConversion(id, { affiliate_id: foreignAffiliate.id })).body.error).toBe('unknown_resource');
    expect((await p.patchConversion(id, { status: 'lost' })).body.error).toBe('invalid_request');
    expect((await p.patchConversion(id, { amount: 5 })).body.error).toBe('invalid_request');
    expect((await p.patchConversion('0190a0b0-0000-7000-8000-000000000000', { status: 'reversed' })).body.error).toBe('link_not_found');
    const foreign = await api.call('PATCH', `/v1/conversions/${id}`, { token: other.token, body: { status: 'reversed' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('link_not_found');
    const readOnly = await p.ws.keyFor(['read']);
    expect((await api.call('PATCH', `/v1/conversions/${id}`, { token: readOnly, body: { status: 'reversed' } })).body.need).toBe('write');
    expect(await p.conversion(id)).toMatchObject({ status: 'pending', affiliateId: p.a.id });
  });
});

describe('hold period', () => {
  it('confirms sales past hold_days and auto-approves their commissions when set', async () => {
    await api.call('PATCH', '/v1/settings', { token: p.token, body: { hold_days: 10, auto_approve_commissions: true } });
    const fresh = await sale('h_fresh');
    const old = await sale('h_old');
    await api.db.update(conversions).set({ ts: new Date(Date.now() - 11 * 86_400_000) }).where(eq(conversions.id, old));
    expect((await confirmDueConversions(api.db)).done).toBeGreaterThanOrEqual(1);
    expect((await p.conversion(old)).status).toBe('confirmed');
    expect((await p.ledger(old))[0].status).toBe('approved');
    expect((await p.conversion(fresh)).status).toBe('pending');
    expect((await p.ledger(fresh))[0].status).toBe('pending');
  });
});
