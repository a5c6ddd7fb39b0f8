import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, riskAssessments, webhookEndpoints } from '@/db/schema';
import { createUser } from '../../domain/users/users';
import { startTestApi, type TestApi } from '../../testing/api';
import { seedAffiliate, seedCampaign, seedCommission, seedConversion } from '../../testing/seed';
import { dashboardCaller, failure } from '../../testing/session-caller';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Level = (typeof riskAssessments.$inferInsert)['riskLevel'];
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A workspace with one of each kind of row that does, and does not, need attention. */
async function seedWorkspace() {
  const ws = await api.workspace(['*']);
  const db = api.db;
  const camp = await seedCampaign(db, ws.id);
  const pendingA = await seedAffiliate(db, ws.id, { status: 'pending', campaignId: camp.id });
  await seedAffiliate(db, ws.id, { status: 'pending', campaignId: camp.id });
  const active = await seedAffiliate(db, ws.id, { campaignId: camp.id });
  const owner = { workspaceId: ws.id, affiliateId: active.id, campaignId: camp.id };
  const commission = async (over: Partial<typeof conversions.$inferInsert>, status: 'pending' | 'approved' = 'pending') =>
    seedCommission(db, { workspaceId: ws.id, affiliateId: active.id, conversionId: (await seedConversion(db, owner, over)).id }, { status });
  const pendingCommission = await commission({});
  await commission({ status: 'pending' });
  await commission({ isTest: true }); // a test conversion's: the commissions list hides it too
  await commission({}, 'approved');

  const assess = async (affiliateId: string, riskLevel: Level, at: Date, dismissedAt: Date | null = null) =>
    (
      await db
        .insert(riskAssessments)
        .values({ workspaceId: ws.id, affiliateId, riskLevel, score: 80, recommendedAction: 'review', summary: 's', createdAt: at, dismissedAt })
        .returning()
    )[0];
  const risky = await seedAffiliate(db, ws.id, { campaignId: camp.id });
  const highNow = await assess(risky.id, 'high', minutesAgo(5));
  const critical = await seedAffiliate(db, ws.id, { campaignId: camp.id });
  await assess(critical.id, 'low', minutesAgo(50));
  await assess(critical.id, 'critical', minutesAgo(4));
  const recovered = await seedAffiliate(db, ws.id, { campaignId: camp.id });
  await assess(recovered.id, 'critical', minutesAgo(50)); // an old alarm...
  await assess(recovered.id, 'low', minutesAgo(3)); // ...that the newest assessment replaced
  const dismissed = await seedAffiliate(db, ws.id, { campaignId: camp.id });
  await assess(dismissed.id, 'high', minutesAgo(50));
  await assess(dismissed.id, 'critical', minutesAgo(2), minutesAgo(1)); // newest dismissed: the older one does not come back

  const endpoint = async (over: Partial<typeof webhookEndpoints.$inferInsert>) =>
    (await db.insert(webhookEndpoints).values({ workspaceId: ws.id, url: 'https://hooks.example.com/x', events: ['*'], secret: 'whsec_test', ...over }).returning())[0];
  await endpoint({});
  const failing = await endpoint({ failingSince: minutesAgo(30) });
  // Turned off by delivery; a later manual test succeeded and cleared failing_since: still off.
  const disabled = await endpoint({ active: false, disabledReason: 'the endpoint answered 410 Gone' });
  await endpoint({ active: false }); // paused by a manager: not a failure
  return { ws, pendingA, pendingCommission, highNow, failing, disabled };
}

const sessionFor = async (workspaceId: string, role: 'owner' | 'viewer') =>
  dashboardCaller(
    api,
    (await createUser(api.db, { email: `${role}-${Math.random().toString(36).slice(2)}@example.com`, password: 'password-1', workspaceId, role })).id,
  );

describe('reports.attention (dashboard-only)', () => {
  it('is zero everywhere for an empty workspace', async () => {
    const ws = await api.workspace();
    expect(await (await sessionFor(ws.id, 'viewer')).reports.attention()).toEqual({
      pending_affiliates: 0,
      pending_commissions: 0,
      high_risk_affiliates: 0,
      failing_webhooks: 0,
    });
  });

  it("counts exactly what needs attention, for a viewer too, and never another workspace's rows", async () => {
    const mine = await seedWorkspace();
    await seedWorkspace(); // a neighbour with the same rows
    const expected = { pending_affiliates: 2, pending_commissions: 2, high_risk_affiliates: 2, failing_webhooks: 2 };
    expect(await (await sessionFor(mine.ws.id, 'viewer')).reports.attention()).toEqual(expected);
    expect(await (await sessionFor(mine.ws.id, 'owner')).reports.attention()).toEqual(expected);
    // The same notion of "current risk" as GET /v1/risk/flags.
    const flags = await api.call('GET', '/v1/risk/flags?limit=100', { token: mine.ws.token });
    expect(flags.body.data.filter((f: { risk_level: string }) => f.risk_level === 'high' || f.risk_level === 'critical')).toHaveLength(2);
  });

  it('follows the rows as they change through the API', async () => {
    const s = await seedWorkspace();
    const caller = await sessionFor(s.ws.id, 'viewer');
    const call = (method: string, path: string, body?: unknown) => api.call(method, `/v1${path}`, { token: s.ws.token, body });
    expect((await call('PATCH', `/affiliates/${s.pendingA.id}`, { status: 'active' })).status).toBe(200);
    expect((await call('PATCH', `/commissions/${s.pendingCommission.id}`, { status: 'approved' })).status).toBe(200);
    expect((await call('POST', `/risk/assessments/${s.highNow.id}/dismiss`)).status).toBe(200);
    expect((await call('PATCH', `/webhooks/${s.disabled.id}`, { active: true })).status).toBe(200);
    expect(await caller.reports.attention()).toEqual({ pending_affiliates: 1, pending_commissions: 1, high_risk_affiliates: 1, failing_webhooks: 1 });
    await call('PATCH', `/webhooks/${s.failing.id}`, { active: true }); // turning it on starts a clean record
    await seedAffiliate(api.db, s.ws.id, { status: 'pending' });
    expect(await caller.reports.attention()).toMatchObject({ pending_affiliates: 2, failing_webhooks: 0 });
  });

  it('needs a session, and is not part of /v1', async () => {
    expect(await failure(dashboardCaller(api, null).reports.attention())).toMatchObject({ status: 401, error: 'unauthorized' });
    const ws = await api.workspace(['*']);
    const rest = await api.call('GET', '/v1/reports/attention', { token: ws.token });
    expect(rest.status).toBe(404);
    expect(rest.body.error).toBe('unknown_resource');
    const doc = await api.call('GET', '/v1/openapi.json');
    expect(Object.keys(doc.body.paths).filter((p) => p.includes('attention'))).toEqual([]);
  });
});
