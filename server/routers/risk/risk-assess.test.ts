import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, riskAssessments, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { clickFarm, honestTraffic, seedProgram, seedRiskAffiliate, selfReferral, type Program } from '../../testing/risk-fixtures';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let program: Program & { peerIds: string[] };
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  program = await seedProgram(api.db, ws.id);
});
afterAll(() => api.close());

const assess = (body: unknown, token = ws.token) => api.call('POST', '/v1/risk/assessments', { token, body });
const stored = async (workspaceId = ws.id) =>
  (await api.db.select().from(riskAssessments).where(eq(riskAssessments.workspaceId, workspaceId))).length;
const flaggedEvents = (workspaceId: string) =>
  api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, 'risk.flagged')));

describe('POST /v1/risk/assessments', () => {
  it('assesses an honest affiliate as low risk, with the evidence in numbers, and emits nothing', async () => {
    const a = await seedRiskAffiliate(api.db, program);
    await honestTraffic(api.db, program, a.id, 10, 0.03);
    const res = await assess({ affiliate_id: a.id });
    expect(res.status).toBe(201);
    expect(res.body.object).toBe('risk_assessment');
    const d = res.body.data;
    expect(d).toMatchObject({ affiliate_id: a.id, risk_level: 'low', flags: [], recommended_action: 'none', dismissed_at: null });
    expect(d.affiliate).toEqual({ name: a.name, email: a.email, ref_code: a.refCode, status: 'active', commissions_held: false });
    expect(d.score).toBeGreaterThanOrEqual(0);
    expect(d.score).toBeLessThan(25);
    expect(d.evidence.activity.clicks).toBe(300);
    expect(d.evidence.window.days).toBe(30);
    expect(d.evidence.summary_by).toBe('rules');
    expect(d.summary).toContain('300 clicks');
    expect(d.summary).toContain('No signal reached its threshold');
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await flaggedEvents(ws.id)).toHaveLength(0);
  });

  it('flags self-referral, emits risk.flagged in the same write, and leaves the affiliate untouched', async () => {
    const a = await seedRiskAffiliate(api.db, program, { email: 'Selfie.Buyer@example.com' });
    await honestTraffic(api.db, program, a.id, 4, 0.03);
    await selfReferral(api.db, program, a);
    const res = await assess({ affiliate_id: a.id });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d.flags).toContain('self_referral');
    expect(['high', 'critical']).toContain(d.risk_level);
    expect(['hold_commissions', 'suspend']).toContain(d.recommended_action);
    expect(d.evidence.self_referral).toMatchObject({ customer_matches: 3, device_conversions: 6 });
    expect(d.summary).toContain("3 conversion(s) name the affiliate's own e-mail");
    const events = await flaggedEvents(ws.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ type: 'risk.flagged', data: { object: 'risk_assessment', id: d.id, affiliate_id: a.id } });
    const [after] = await api.db.select().from(affiliates).where(eq(affiliates.id, a.id));
    expect(after.status).toBe('active');
  });

  it('flags a click farm by velocity, address concentration and conversion rate', async () => {
    const a = await seedRiskAffiliate(api.db, program);
    await honestTraffic(api.db, program, a.id, 6, 0.03);
    await clickFarm(api.db, program, a.id);
    const d = (await assess({ affiliate_id: a.id })).body.data;
    expect(d.flags).toEqual(expect.arrayContaining(['velocity_anomaly', 'ip_concentration', 'conversion_rate_anomaly']));
    expect(d.risk_level).toBe('critical');
    expect(d.evidence.ip_concentration.top3_clicks).toBeGreaterThanOrEqual(2400);
    expect(d.evidence.velocity.own_z).toBeGreaterThan(10);
    expect(d.summary).toMatch(/Click velocity: [\d,.]+ clicks\/day over the last 7 days/);
  });

  it('flags a disposable e-mail domain from the maintained list', async () => {
    const a = await seedRiskAffiliate(api.db, program, { email: 'throwaway@mailinator.com' });
    const d = (await assess({ affiliate_id: a.id })).body.data;
    expect(d.flags).toContain('disposable_email');
    expect(d.evidence.disposable_email).toEqual({ domain: 'mailinator.com', disposable: true });
  });

  it('keeps every run as history', async () => {
    const a = await seedRiskAffiliate(api.db, program);
    const first = await assess({ affiliate_id: a.id });
    const second = await assess({ affiliate_id: a.id });
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const rows = await api.db.select().from(riskAssessments).where(eq(riskAssessments.affiliateId, a.id));
    expect(rows).toHaveLength(2);
  });

  it.each([
    [{}, 400, 'affiliate_id_required'],
    [{ affiliate_id: 7 }, 400, 'invalid_request'],
    [{ affiliate_id: '0190a0b0-0000-7000-8000-000000000000', extra: 1 }, 400, 'invalid_request'],
    [{ affiliate_id: 'not-a-uuid' }, 404, 'unknown_resource'],
    [{ affiliate_id: '0190a0b0-0000-7000-8000-000000000000' }, 404, 'unknown_resource'],
  ])('rejects %j with %s %s and stores nothing', async (body, status, error) => {
    const before = await stored();
    const res = await assess(body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await stored()).toBe(before);
  });

  it('answers invalid_json, unauthorized and insufficient_scope', async () => {
    const before = await stored();
    const bad = await api.call('POST', '/v1/risk/assessments', { token: ws.token, rawBody: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_json');
    const anon = await api.call('POST', '/v1/risk/assessments', { body: { affiliate_id: program.peerIds[0] } });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('unauthorized');
    for (const scopes of [['read'], ['track']]) {
      const res = await assess({ affiliate_id: program.peerIds[0] }, await ws.keyFor(scopes));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    }
    expect(await stored()).toBe(before);
  });

  it("answers unknown_resource for another workspace's affiliate and records nothing there", async () => {
    const stranger = await api.workspace(['*']);
    const res = await assess({ affiliate_id: program.peerIds[0] }, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('unknown_resource');
    expect(await stored(stranger.id)).toBe(0);
  });
});
