import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, auditEvents, commissions, emailOutbox, emailUnsubscribes, groupMoveApplications, groups, webhookEvents } from '@/db/schema';
import { evaluateActivity, evaluateWorkspace, evaluateWorkspaceActivity, MOVE_SYSTEM_JOB } from '../../domain/groups/move-job';
import { mailFromEvents } from '../../domain/mail/from-events';
import { updateAffiliate } from '../../domain/affiliates/update-affiliate';
import { TEST_ACTOR } from '../../testing/seed';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

// Move rules on a real database (docs/groups-bounties-recruiters.md#move-rules): the API's
// contract and scoping, and the job's moves: the threshold's edge, once only, which rule wins,
// racing runs, earned commissions untouched, the audit row, the webhook event and the e-mail.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let n = 0;
async function program(): Promise<Program & { source: string; gold: string; silver: string }> {
  const p = await startProgram(api, { prefix: `mv${++n}x` });
  const [def] = await api.db.select().from(groups).where(and(eq(groups.workspaceId, p.ws.id), eq(groups.isDefault, true)));
  const [gold] = await api.db.insert(groups).values({ workspaceId: p.ws.id, name: 'Gold', slug: 'gold' }).returning();
  const [silver] = await api.db.insert(groups).values({ workspaceId: p.ws.id, name: 'Silver', slug: 'silver' }).returning();
  return { ...p, source: def.id, gold: gold.id, silver: silver.id };
}
const call = (p: Program, method: string, path: string, body?: unknown) => api.call(method, `/v1${path}`, { token: p.token, body });
const rule = async (p: Program, body: Record<string, unknown>) => {
  const res = await call(p, 'POST', '/move-rules', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};
const groupOf = async (id: string) => (await api.db.select({ g: affiliates.groupId }).from(affiliates).where(eq(affiliates.id, id)))[0].g;
const run = async (p: Program) => (await call(p, 'POST', '/move-rules/run', {})).body.data as { evaluated: number; moved: number; more: boolean };

describe('/v1/move-rules', () => {
  it('a deleted group takes the rules out of it and into it with it, and what they moved', async () => {
    const p = await program();
    const out = await rule(p, { group_id: p.gold, target_group_id: p.silver, conditions: [{ metric: 'sales', at_least: 1 }] });
    const into = await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    const kept = await rule(p, { group_id: p.source, target_group_id: p.silver, conditions: [{ metric: 'sales', at_least: 2 }] });
    await api.db.insert(groupMoveApplications).values({ workspaceId: p.ws.id, ruleId: into.id, affiliateId: p.a.id });
    expect((await call(p, 'DELETE', `/groups/${p.gold}`)).status).toBe(200);
    for (const r of [out, into]) expect((await call(p, 'GET', `/move-rules/${r.id}`)).status).toBe(404);
    expect((await call(p, 'GET', `/move-rules/${kept.id}`)).status).toBe(200);
    expect(await api.db.select().from(groupMoveApplications).where(eq(groupMoveApplications.ruleId, into.id))).toEqual([]);
  });

  it('creates, lists by group, reads, updates and deletes a rule', async () => {
    const p = await program();
    const created = await call(p, 'POST', '/move-rules', { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 3 }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'move_rule',
      data: { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 3, window_days: null }], position: 0, active: true },
    });
    const id = created.body.data.id;
    await rule(p, { group_id: p.gold, target_group_id: p.silver, conditions: [{ metric: 'days_enrolled', at_least: 30 }] });
    const listed = await call(p, 'GET', `/move-rules?group_id=${p.source}`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call(p, 'GET', '/move-rules')).body.data).toHaveLength(2);
    expect((await call(p, 'GET', `/move-rules/${id}`)).body.data.id).toBe(id);
    const patched = await call(p, 'PATCH', `/move-rules/${id}`, { position: 3, active: false, conditions: [{ metric: 'revenue', at_least: 100, window_days: 30 }] });
    expect(patched.body.data).toMatchObject({ position: 3, active: false, conditions: [{ metric: 'revenue', at_least: 100, window_days: 30 }] });
    const deleted = await call(p, 'DELETE', `/move-rules/${id}`);
    expect(deleted.body).toMatchObject({ object: 'move_rule', deleted: true, data: { id } });
    expect((await call(p, 'GET', `/move-rules/${id}`)).status).toBe(404);
    const audit = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['move_rule.created', 'move_rule.deleted', 'move_rule.updated']);
  });

  it("refuses another workspace's group, the same group as target, and bad conditions", async () => {
    const p = await program();
    const other = await program();
    const foreign = await call(p, 'POST', '/move-rules', { group_id: p.source, target_group_id: other.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('unknown_resource');
    const same = await call(p, 'POST', '/move-rules', { group_id: p.gold, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe('invalid_request');
    for (const conditions of [[], Array.from({ length: 6 }, () => ({ metric: 'sales', at_least: 1 })), [{ metric: 'sales', at_least: -1 }], [{ metric: 'sales', at_least: 1, window_days: 366 }], [{ metric: 'refunds', at_least: 1 }]]) {
      const res = await call(p, 'POST', '/move-rules', { group_id: p.source, target_group_id: p.gold, conditions });
      expect(res.body.error, JSON.stringify(conditions)).toBe('invalid_request');
    }
    // another workspace's rule is missing
    const theirs = await rule(other, { group_id: other.source, target_group_id: other.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    expect((await call(p, 'GET', `/move-rules/${theirs.id}`)).status).toBe(404);
    expect((await call(p, 'PATCH', `/move-rules/${theirs.id}`, { active: false })).status).toBe(404);
    expect((await call(p, 'DELETE', `/move-rules/${theirs.id}`)).status).toBe(404);
    const same2 = await call(other, 'PATCH', `/move-rules/${theirs.id}`, { target_group_id: other.source });
    expect(same2.body.error).toBe('invalid_request');
  });
});

describe('the move job', () => {
  it('moves at the threshold exactly, not one below (revenue in minor units)', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'revenue', at_least: 10_000 }, { metric: 'sales', at_least: 2 }] });
    await p.sale('edge-1', 5_000);
    await p.sale('edge-2', 4_999);
    expect((await run(p)).moved).toBe(0);
    expect(await groupOf(p.a.id)).toBe(p.source);
    await p.sale('edge-3', 1);
    expect(await run(p)).toMatchObject({ moved: 1, more: false });
    expect(await groupOf(p.a.id)).toBe(p.gold);
    expect(await groupOf(p.b.id)).toBe(p.source);
  });

  it('a refunded sale no longer counts', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await p.sale('refunded-1', 5_000);
    expect((await p.track('refund', { external_id: 'refunded-1' })).status).toBeLessThan(300);
    expect((await run(p)).moved).toBe(0);
  });

  it('moves an affiliate once by a rule: a second run or a move back does not move it again', async () => {
    const p = await program();
    const r = await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'leads', at_least: 1 }] });
    expect((await p.track('lead', { external_id: 'lead-1', ref: p.a.ref })).status).toBeLessThan(300);
    expect((await run(p)).moved).toBe(1);
    expect((await run(p)).moved).toBe(0);
    await updateAffiliate({ ctx: { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR }, id: p.a.id, patch: { groupId: p.source } });
    expect((await run(p)).moved).toBe(0);
    expect(await groupOf(p.a.id)).toBe(p.source);
    const apps = await api.db.select().from(groupMoveApplications).where(eq(groupMoveApplications.ruleId, r.id));
    expect(apps.map((a) => a.affiliateId)).toEqual([p.a.id]);
  });

  it('the lowest position wins when two rules match, then the oldest', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, position: 2, conditions: [{ metric: 'sales', at_least: 1 }] });
    await rule(p, { group_id: p.source, target_group_id: p.silver, position: 1, conditions: [{ metric: 'sales', at_least: 1 }] });
    await p.sale('prio-1');
    expect((await run(p)).moved).toBe(1);
    expect(await groupOf(p.a.id)).toBe(p.silver);

    const q = await program();
    await rule(q, { group_id: q.source, target_group_id: q.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await rule(q, { group_id: q.source, target_group_id: q.silver, conditions: [{ metric: 'sales', at_least: 1 }] });
    await q.sale('prio-2');
    await run(q);
    expect(await groupOf(q.a.id)).toBe(q.gold);
  });

  it('chains over runs: a rule of the new group applies next time, not in the same run', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await rule(p, { group_id: p.gold, target_group_id: p.silver, conditions: [{ metric: 'commissions', at_least: 1 }] });
    await p.sale('chain-1');
    expect((await run(p)).moved).toBe(1);
    expect(await groupOf(p.a.id)).toBe(p.gold);
    expect((await run(p)).moved).toBe(1);
    expect(await groupOf(p.a.id)).toBe(p.silver);
  });

  it('racing runs move the affiliate once', async () => {
    const p = await program();
    const r = await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await p.sale('race-1');
    const runs = await Promise.all([evaluateWorkspace(api.db, p.ws.id), evaluateWorkspace(api.db, p.ws.id), evaluateWorkspace(api.db, p.ws.id)]);
    expect(runs.reduce((s, x) => s + x.moved, 0)).toBe(1);
    expect(await api.db.select().from(groupMoveApplications).where(eq(groupMoveApplications.ruleId, r.id))).toHaveLength(1);
    const events = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), eq(webhookEvents.type, 'affiliate.group_changed')));
    expect(events).toHaveLength(1);
  });

  it('a move mid-month leaves earned commissions as they were', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    const conv = await p.sale('mid-1', 10_000);
    const before = await p.ledger(conv);
    expect(before[0].amount).toBe(3_000);
    expect((await run(p)).moved).toBe(1);
    const after = await api.db.select().from(commissions).where(eq(commissions.conversionId, conv));
    expect(after.map((c) => [c.id, c.amount, c.status])).toEqual(before.map((c) => [c.id, c.amount, c.status]));
  });

  it('writes the audit row (the job as actor), the webhook event and the e-mail', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await p.sale('notify-1');
    await p.track('sale', { external_id: 'notify-2', ref: p.b.ref, amount: 10_000 });
    await api.db.insert(emailUnsubscribes).values({ workspaceId: p.ws.id, affiliateId: p.b.id });
    expect((await evaluateWorkspace(api.db, p.ws.id)).moved).toBe(2);
    const [audit] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, p.a.id), eq(auditEvents.action, 'affiliate.updated')));
    expect(audit).toMatchObject({ actorType: 'system', actorId: MOVE_SYSTEM_JOB });
    expect(JSON.stringify(audit.changes)).toContain(p.gold);
    const [event] = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), eq(webhookEvents.type, 'affiliate.group_changed')));
    expect((event.payload as { data: Record<string, unknown> }).data).toMatchObject({ group_id: expect.any(String), previous_group_id: p.source });
    while ((await mailFromEvents({ db: api.db, publicUrl: 'https://refcount.example', settleSeconds: 0 })).more);
    const mails = await api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, p.ws.id), eq(emailOutbox.kind, 'group_changed')));
    // B unsubscribed: the e-mail is optional, so only A hears of its move
    expect(mails.map((m) => m.affiliateId)).toEqual([p.a.id]);
    expect(mails[0].subject).toContain('You moved to Gold');
    expect(mails[0].body).toContain('Gold');
  });

  it('the activity job moves after a sale, past its cursor', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'sales', at_least: 1 }] });
    await evaluateActivity(api.db); // starts the cursor
    await p.sale('activity-1');
    expect(await groupOf(p.a.id)).toBe(p.source);
    await evaluateWorkspaceActivity(api.db, p.ws.id, 0);
    expect(await groupOf(p.a.id)).toBe(p.gold);
  });

  it('days enrolled count from approval', async () => {
    const p = await program();
    await rule(p, { group_id: p.source, target_group_id: p.gold, conditions: [{ metric: 'days_enrolled', at_least: 30 }] });
    await api.db.update(affiliates).set({ approvedAt: new Date(Date.now() - 29.5 * 86_400_000) }).where(eq(affiliates.id, p.a.id));
    await api.db.update(affiliates).set({ approvedAt: new Date(Date.now() - 30.5 * 86_400_000) }).where(eq(affiliates.id, p.b.id));
    expect((await run(p)).moved).toBe(1);
    expect(await groupOf(p.a.id)).toBe(p.source);
    expect(await groupOf(p.b.id)).toBe(p.gold);
  });
});
