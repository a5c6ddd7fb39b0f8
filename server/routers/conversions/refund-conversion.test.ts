import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookEvents } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { liveSum, startProgram, type Program } from '../../testing/program';
import { dashboardCaller, failure } from '../../testing/session-caller';

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api);
});
afterAll(() => api.close());

const sale = (id: string, amount?: number) => p.sale(id, amount);
const refund = (id: string, body: unknown = {}, opts: { token?: string; headers?: Record<string, string> } = {}) =>
  api.call('POST', `/v1/conversions/${id}/refund`, { token: opts.token ?? p.token, body, headers: opts.headers });
/** Everything a refund could touch: the conversion row and its ledger. */
const snapshot = async (id: string) => ({ conversion: await p.conversion(id), ledger: await p.ledger(id) });
const updatedEvents = async (id: string) =>
  (await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), eq(webhookEvents.type, 'conversion.updated')))).filter(
    (e) => (e.payload as { data: { id: string } }).data.id === id,
  ).length;

describe('POST /v1/conversions/{id}/refund', () => {
  it('a full refund answers the conversion as refunded and reverses its commission; repeating it changes nothing', async () => {
    const id = await sale('c_full');
    const res = await refund(id);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('conversion');
    expect(res.body.data).toMatchObject({ id, status: 'refunded', amount: 10_000, refunded_amount: 10_000 });
    expect((await p.ledger(id))[0]).toMatchObject({ status: 'reversed', restoreStatus: 'pending' });
    expect(await updatedEvents(id)).toBe(1);
    const before = await snapshot(id);
    const again = await refund(id);
    expect(again.body).toEqual(res.body);
    expect(await snapshot(id)).toEqual(before);
    expect(await updatedEvents(id)).toBe(1);
  });

  it('a partial refund keeps the status, raises refunded_amount and shrinks the commission pro rata', async () => {
    const id = await sale('c_part');
    const res = await refund(id, { amount: 2_500 });
    expect(res.body.data).toMatchObject({ status: 'pending', refunded_amount: 2_500 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(2_250); // 30 % of 75.00
    await refund(id, { amount: 5_000 }); // amount is the running total, as on /v1/track/refund
    expect(await p.conversion(id)).toMatchObject({ status: 'pending', refundedAmount: 5_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(1_500);
    const lower = await refund(id, { amount: 1_000 }); // an older total: nothing to do
    expect(lower.body.data.refunded_amount).toBe(5_000);
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(1_500);
  });

  it('runs the same refund rule as /v1/track/refund: the same total through either path changes nothing more', async () => {
    const id = await sale('c_shared');
    await refund(id, { amount: 4_000 });
    const before = await snapshot(id);
    expect((await p.track('refund', { external_id: 'c_shared', amount: 4_000 })).body).toEqual({ ok: true, conversion_id: id });
    expect(await snapshot(id)).toEqual(before);
    await p.track('refund', { external_id: 'c_shared' });
    expect((await refund(id)).body.data).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(0);
  });

  it('reason chargeback makes it a chargeback and claws everything back', async () => {
    const id = await sale('c_cb');
    const res = await refund(id, { amount: 3_000, reason: 'chargeback' });
    expect(res.body.data).toMatchObject({ status: 'chargeback', refunded_amount: 10_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(0);
  });

  it('422 conversion_failed for more than the sale or for a lead, and nothing changes', async () => {
    const id = await sale('c_over');
    await refund(id, { amount: 2_000 });
    const before = await snapshot(id);
    for (const body of [{ amount: 10_001 }, { amount: 10_001, reason: 'chargeback' }]) {
      const res = await refund(id, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('conversion_failed');
      expect(res.body.detail).toContain('10001');
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await updatedEvents(id)).toBe(1);

    const lead = (await p.track('lead', { external_id: 'c_lead', ref: p.a.ref })).body.conversion_id as string;
    const leadBefore = await snapshot(lead);
    const res = await refund(lead);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('conversion_failed');
    expect(await snapshot(lead)).toEqual(leadBefore);
  });

  it('400 invalid_request for a bad body, 404 link_not_found for an unknown id; nothing changes', async () => {
    const id = await sale('c_bad');
    const before = await snapshot(id);
    for (const body of [{ amount: 0 }, { amount: 12.5 }, { amount: '100' }, { reason: 'oops' }, { external_id: 'c_bad' }]) {
      const res = await refund(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe('invalid_request');
    }
    expect((await refund(id, { external_id: 'c_bad' })).body.detail).toContain('external_id');
    for (const missing of ['0190a0b0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await refund(missing);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('needs the write scope: a read or track key gets 403 and nothing changes', async () => {
    const id = await sale('c_scope');
    const before = await snapshot(id);
    for (const scopes of [['read'], ['track'], []]) {
      const res = await refund(id, {}, { token: await p.ws.keyFor(scopes) });
      expect(res.status, String(scopes)).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    expect((await refund(id, {}, { token: '' })).status).toBe(401);
    expect(await snapshot(id)).toEqual(before);
  });

  it("answers 404 for another workspace's conversion and leaves it alone", async () => {
    const id = await sale('c_mine');
    const before = await snapshot(id);
    const other = await api.workspace(['*']);
    const res = await refund(id, {}, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('link_not_found');
    expect(await snapshot(id)).toEqual(before);
  });

  it('replays the first answer for a repeated Idempotency-Key, and refuses the key with another body', async () => {
    const id = await sale('c_idem');
    const headers = { 'Idempotency-Key': 'refund-c_idem-1' };
    const first = await refund(id, { amount: 2_500 }, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await refund(id, { amount: 6_000 }); // a later refund without the key
    const replay = await refund(id, { amount: 2_500 }, { headers });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.body.data.refunded_amount).toBe(2_500);
    const conflict = await refund(id, { amount: 7_000 }, { headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('idempotency_conflict');
    expect(await p.conversion(id)).toMatchObject({ refundedAmount: 6_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(1_200);
  });

  it('is documented in the OpenAPI document as an extension', async () => {
    const op = (await api.call('GET', '/v1/openapi.json')).body.paths['/conversions/{id}/refund'].post;
    expect(op.description).toContain('Extension');
    expect(op.responses['422'].description).toContain('conversion_failed');
  });
});

describe('conversions.refund from the dashboard', () => {
  it('an owner refunds through the session; a viewer is refused and nothing changes', async () => {
    const id = await sale('c_dash');
    const user = (role: 'owner' | 'viewer') =>
      createUser(api.db, { email: `${role}-${id.slice(-6)}@example.com`, password: 'password-1', workspaceId: p.ws.id, role });
    const viewer = dashboardCaller(api, (await user('viewer')).id);
    expect(await failure(viewer.conversions.refund({ id, amount: 1_000 }))).toMatchObject({ status: 403, need: 'write' });
    expect((await p.conversion(id)).refundedAmount).toBe(0);
    const owner = dashboardCaller(api, (await user('owner')).id);
    const res = await owner.conversions.refund({ id, amount: 1_000, reason: 'refund' });
    expect(res.data).toMatchObject({ id, status: 'pending', refunded_amount: 1_000 });
    expect(liveSum(await p.ledger(id), p.a.id)).toBe(2_700);
  });
});

describe('POST /v1/conversions/{id}/refund, in the audit log', () => {
  const auditOf = async (id: string) =>
    api.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, id)));

  it('refunding exactly the sale amount is a full refund, audited once with what changed and why', async () => {
    const id = await sale('c_audit_exact', 7_000);
    const res = await refund(id, { amount: 7_000 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'refunded', refunded_amount: 7_000 });
    const [row, ...more] = await auditOf(id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ action: 'conversion.refunded', targetType: 'conversion', actorType: 'api_key' });
    expect(row.changes).toMatchObject({
      before: { status: 'pending', refunded_amount: 0 },
      after: { status: 'refunded', refunded_amount: 7_000 },
      reason: 'refund',
    });
    // The same total again changes nothing, so nothing more is audited.
    await refund(id, { amount: 7_000 });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('a chargeback says so in its audit row', async () => {
    const id = await sale('c_audit_chargeback', 5_000);
    expect((await refund(id, { reason: 'chargeback' })).status).toBe(200);
    const [row] = await auditOf(id);
    expect(row.changes).toMatchObject({ after: { status: 'chargeback' }, reason: 'chargeback' });
  });
});
