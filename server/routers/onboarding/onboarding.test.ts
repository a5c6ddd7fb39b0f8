import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clicks, commissions, conversions } from '@/db/schema';
import { stepsOf, type OnboardingFacts } from '../../domain/onboarding/checklist';
import { TEST_CLICK_URL, TEST_SALE_ACTION } from '../../domain/onboarding/test-sale';
import { createUser } from '../../domain/users/users';
import { stripe } from '../../integrations/stripe/provider';
import { saveIntegration } from '../../integrations/settings';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram } from '../../testing/program';
import { TEST_ACTOR } from '../../testing/seed';
import { failure, dashboardCaller } from '../../testing/session-caller';
import { SECRET } from '../../testing/stripe/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let n = 0;
/** A dashboard member of workspace `workspaceId` with `role`, as the dashboard calls the router. */
async function member(workspaceId: string, role: 'owner' | 'viewer' = 'owner') {
  const user = await createUser(api.db, { email: `onboard-${role}-${++n}-${Date.now()}@example.com`, password: 'password-1', workspaceId, role });
  return dashboardCaller(api, user.id);
}
type Caller = Awaited<ReturnType<typeof member>>;
const done = async (c: Caller) => Object.fromEntries((await c.onboarding.checklist()).data.steps.map((s) => [s.key, s.done]));
const ALL_UNDONE = { program: false, campaign: false, tracking: false, join_page: false, affiliate: false, test_sale: false };
const send = (token: string, method: string, path: string, body?: unknown) => api.call(method, path, { token, body });

describe('stepsOf', () => {
  const none: OnboardingFacts = { programNamed: false, campaignWithRule: false, trackingSeen: false, providerConnected: false, joinPageUsed: false, hasAffiliate: false, testSaleSent: false };
  it('lists the six steps in order, each linking where it is done', () => {
    expect(stepsOf(none).map((s) => [s.key, s.done, s.href])).toEqual([
      ['program', false, '/dashboard/settings'],
      ['campaign', false, '/dashboard/campaigns'],
      ['tracking', false, '/dashboard/settings#tracking'],
      ['join_page', false, '/dashboard/settings'],
      ['affiliate', false, '/dashboard/affiliates'],
      ['test_sale', false, '/dashboard#test-sale'],
    ]);
  });
  it('counts tracking done by the snippet or API, or by a connected payment provider', () => {
    const tracking = (f: Partial<OnboardingFacts>) => stepsOf({ ...none, ...f }).find((s) => s.key === 'tracking')!.done;
    expect(tracking({ trackingSeen: true })).toBe(true);
    expect(tracking({ providerConnected: true })).toBe(true);
    expect(tracking({ testSaleSent: true, hasAffiliate: true })).toBe(false);
  });
});

describe('onboarding.checklist', () => {
  it('starts with nothing done and shows the public workspace id in a filled-in snippet', async () => {
    const ws = await api.workspace(['*']);
    const c = await member(ws.id);
    const res = (await c.onboarding.checklist()).data;
    expect(await done(c)).toEqual(ALL_UNDONE);
    expect(res.all_done).toBe(false);
    expect(res.workspace_id).toBe(ws.publicId);
    expect(res.workspace_id).toMatch(/^ws_/);
    expect(res.snippet).toBe(`<script src="${api.services.config.publicUrl.replace(/\/+$/, '')}/refcount.js" data-workspace="${ws.publicId}"></script>`);
  });

  it('flips each step when its data appears, and only in its own workspace', async () => {
    const ws = await api.workspace(['*']);
    const other = await api.workspace(['*']);
    const c = await member(ws.id);
    const o = await member(other.id);
    const expected = { ...ALL_UNDONE };

    await send(ws.token, 'PATCH', '/v1/settings', { program_name: 'Onboard Partners' });
    expect(await done(c)).toEqual(Object.assign(expected, { program: true }));

    // a campaign without a rule earns nothing: not yet
    const campaign = (await send(ws.token, 'POST', '/v1/campaigns', { name: 'Main', destination_url: 'https://shop.example.com' })).body.data;
    expect(await done(c)).toEqual(expected);
    await send(ws.token, 'PUT', `/v1/campaigns/${campaign.id}/commission-rule`, { amount: 20 });
    expect(await done(c)).toEqual(Object.assign(expected, { campaign: true }));

    await send(ws.token, 'PATCH', '/v1/settings', { join_slug: `onboard-${Date.now()}` });
    expect(await done(c)).toEqual(Object.assign(expected, { join_page: true }));

    // a rejected affiliate is nobody; a pending one counts
    await send(ws.token, 'POST', '/v1/affiliates', { email: `rej-${Date.now()}@example.com`, status: 'rejected', campaign_id: campaign.id });
    expect(await done(c)).toEqual(expected);
    const aff = (await send(ws.token, 'POST', '/v1/affiliates', { email: `ok-${Date.now()}@example.com`, ref_code: `onb${Date.now()}`, status: 'active', campaign_id: campaign.id })).body.data;
    expect(await done(c)).toEqual(Object.assign(expected, { affiliate: true }));

    // the test button's own click and sale do not count as tracking seen
    await c.onboarding.sendTestSale();
    expect(await done(c)).toEqual(Object.assign(expected, { test_sale: true }));

    const click = await send(ws.token, 'POST', '/v1/track/click', { ref: aff.ref_code });
    expect(click.status).toBeLessThan(300);
    expect(await done(c)).toEqual(Object.assign(expected, { tracking: true }));
    expect((await c.onboarding.checklist()).data).toMatchObject({ all_done: true, tracking_seen: true, provider_connected: false });

    // none of it leaked into the other workspace
    expect(await done(o)).toEqual(ALL_UNDONE);
  });

  it('counts a connected payment provider, or a join-page application, or a tracked sale', async () => {
    const ws = await api.workspace(['*']);
    const c = await member(ws.id);
    await saveIntegration({ ctx: { db: api.db, workspaceId: ws.id, actor: TEST_ACTOR }, provider: stripe, patch: { secret: SECRET } });
    expect((await c.onboarding.checklist()).data).toMatchObject({ tracking_seen: false, provider_connected: true });
    expect((await done(c)).tracking).toBe(true);

    const p = await startProgram(api, { prefix: `onbj${Date.now()}` });
    const pc = await member(p.ws.id);
    expect((await done(pc)).tracking).toBe(false);
    expect((await done(pc)).join_page).toBe(false);
    await p.sale(`onb-real-${Date.now()}`);
    expect((await pc.onboarding.checklist()).data).toMatchObject({ tracking_seen: true });
    const slug = `onbj-${Date.now()}`;
    await send(p.token, 'PATCH', '/v1/settings', { join_slug: slug });
    await send(p.token, 'PATCH', '/v1/settings', { join_slug: null });
    expect((await done(pc)).join_page).toBe(false);
    await send(p.token, 'PATCH', '/v1/settings', { join_slug: slug });
    await dashboardCaller(api, null).join.submit({ program: slug, name: 'Applicant', email: `applicant-${Date.now()}@example.com`, accept_terms: true });
    await send(p.token, 'PATCH', '/v1/settings', { join_slug: null });
    expect((await done(pc)).join_page).toBe(true);
  });
});

describe('onboarding.sendTestSale', () => {
  it('records a click and a test sale for the oldest active affiliate; nothing is owed', async () => {
    const p = await startProgram(api, { prefix: `onbs${Date.now()}` });
    const c = await member(p.ws.id);
    const r = (await c.onboarding.sendTestSale()).data;
    expect(r.affiliate).toEqual({ id: p.a.id, label: 'A' });
    expect(r.campaign).toEqual({ id: p.campaign.id, name: 'Main' });
    expect(r).toMatchObject({ amount: 10_000, currency: 'usd', commissions_created: 0 });
    // what the 30 % rule would have given, said as a test conversion's receipt says it
    expect(r.commission).toMatchObject({ amount: 3_000, currency: 'usd', reason: 'test_conversion' });

    const [click] = await api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.id, r.click_id!)));
    expect(click).toMatchObject({ affiliateId: p.a.id, url: TEST_CLICK_URL, visitorKey: r.visitor_id });
    const [conv] = await api.db.select().from(conversions).where(eq(conversions.id, r.conversion_id));
    expect(conv).toMatchObject({ workspaceId: p.ws.id, affiliateId: p.a.id, type: 'sale', isTest: true, amount: 10_000, clickId: r.click_id, matchMethod: 'cookie' });
    expect(await api.db.select().from(commissions).where(eq(commissions.conversionId, r.conversion_id))).toEqual([]);

    // the run is audited, naming the member who pressed the button
    const audit = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, TEST_SALE_ACTION)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'user', targetId: p.ws.id, changes: { after: { conversion_id: r.conversion_id, click_id: r.click_id, commission_amount: 3_000 } } });

    // a second press is a new click and sale, not a replay
    const again = (await c.onboarding.sendTestSale()).data;
    expect(again.conversion_id).not.toBe(r.conversion_id);
    expect(again.click_id).not.toBe(r.click_id);
  });

  it('answers invalid_state and writes nothing without an active campaign or an active affiliate', async () => {
    const ws = await api.workspace(['*']);
    const c = await member(ws.id);
    const written = async () => ({
      clicks: (await api.db.select().from(clicks).where(eq(clicks.workspaceId, ws.id))).length,
      conversions: (await api.db.select().from(conversions).where(eq(conversions.workspaceId, ws.id))).length,
      audit: (await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.action, TEST_SALE_ACTION)))).length,
    });
    const none = { clicks: 0, conversions: 0, audit: 0 };
    expect(await failure(c.onboarding.sendTestSale())).toMatchObject({ status: 409, error: 'invalid_state' });
    expect(await written()).toEqual(none);

    const campaign = (await send(ws.token, 'POST', '/v1/campaigns', { name: 'Main', destination_url: 'https://shop.example.com' })).body.data;
    await send(ws.token, 'POST', '/v1/affiliates', { email: `pending-${Date.now()}@example.com`, status: 'pending', campaign_id: campaign.id });
    expect(await failure(c.onboarding.sendTestSale())).toMatchObject({ error: 'invalid_state' });
    expect(await written()).toEqual(none);
    // an active affiliate of a paused campaign cannot take a click either
    await send(ws.token, 'POST', '/v1/affiliates', { email: `paused-${Date.now()}@example.com`, status: 'active', campaign_id: campaign.id });
    expect((await send(ws.token, 'POST', `/v1/campaigns/${campaign.id}/status`, { status: 'paused' })).status).toBe(200);
    expect(await failure(c.onboarding.sendTestSale())).toMatchObject({ error: 'invalid_state' });
    expect(await written()).toEqual(none);
    expect((await done(c)).test_sale).toBe(false);
  });

  it('needs write access: a viewer is refused and nothing is written', async () => {
    const p = await startProgram(api, { prefix: `onbv${Date.now()}` });
    const viewer = await member(p.ws.id, 'viewer');
    expect(await failure(viewer.onboarding.sendTestSale())).toMatchObject({ status: 403, need: 'write' });
    expect(await api.db.select().from(conversions).where(eq(conversions.workspaceId, p.ws.id))).toEqual([]);
    // a viewer still reads the checklist
    expect((await viewer.onboarding.checklist()).data.steps).toHaveLength(6);
  });
});
