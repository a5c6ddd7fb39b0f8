import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates as affiliatesTable, auditEvents, commissionRules, groups, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';

let api: TestApi;
let p: Program;
let other: Awaited<ReturnType<TestApi['workspace']>>;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'grp' });
  other = await api.workspace(['*']);
});
afterAll(() => api.close());

const MISSING = '0190a0b0-0000-7000-8000-000000000000';
const call = (method: string, path: string, body?: unknown, token = p.token) => api.call(method, path, { token, body });
async function newGroup(body: Record<string, unknown>, token = p.token) {
  const res = await call('POST', '/v1/groups', body, token);
  expect(res.status).toBe(201);
  return res.body.data as { id: string; slug: string; is_default: boolean };
}
const defaultGroupOf = async (token = p.token) =>
  ((await call('GET', '/v1/groups', undefined, token)).body.data as { id: string; is_default: boolean }[]).find((g) => g.is_default)!;

describe('/v1/groups', () => {
  it('lists the default group with its affiliate count, creates, reads and updates', async () => {
    const list = await call('GET', '/v1/groups');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Default', slug: 'default', is_default: true, affiliate_count: 2 })]);
    const g = await newGroup({
      name: 'Top partners',
      slug: 'top',
      auto_approve: true,
      customer_discount: { type: 'percent', amount: 15 },
      recruiter_terms: { reward_type: 'percent_of_commission', amount: 1000, months: 12 },
    });
    const got = await call('GET', `/v1/groups/${g.id}`);
    expect(got.body.data).toMatchObject({
      name: 'Top partners', slug: 'top', is_default: false, auto_approve: true, affiliate_count: 0,
      customer_discount: { type: 'percent', amount: 15, currency: null, duration: 'once', duration_months: null },
      recruiter_terms: { reward_type: 'percent_of_commission', amount: 1000, currency: null, months: 12 },
    });
    const patched = await call('PATCH', `/v1/groups/${g.id}`, { name: 'Top ten', customer_discount: null, recruiter_terms: { reward_type: 'flat_on_approval', amount: 5000, currency: 'EUR' } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Top ten', customer_discount: null, recruiter_terms: { reward_type: 'flat_on_approval', amount: 5000, currency: 'eur', months: null } });
    const audit = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, g.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['group.created', 'group.updated']);
  });

  it.each([
    [{ slug: 'x' }, 'name_required'],
    [{ name: 'x' }, 'slug_required'],
    [{ name: 'x', slug: 'Has Space' }, 'invalid_request'],
    [{ name: 'x', slug: 'a'.repeat(49) }, 'invalid_request'],
    [{ name: 'x', slug: 'ok', recruiter_terms: { reward_type: 'percent_of_sale', amount: 10_001 } }, 'invalid_request'],
    [{ name: 'x', slug: 'ok', recruiter_terms: { reward_type: 'flat_on_approval', amount: 100 } }, 'invalid_request'],
    [{ name: 'x', slug: 'ok', recruiter_terms: { reward_type: 'percent_of_sale', amount: 100, currency: 'usd' } }, 'invalid_request'],
    [{ name: 'x', slug: 'ok', recruiter_terms: { reward_type: 'bonus', amount: 100 } }, 'invalid_request'],
    [{ name: 'x', slug: 'ok', customer_discount: { type: 'percent', amount: 101 } }, 'invalid_request'],
  ])('rejects %j with %s', async (body, error) => {
    const res = await call('POST', '/v1/groups', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('refuses a slug already used (409), on create and on update', async () => {
    await newGroup({ name: 'Influencers', slug: 'influencers' });
    const again = await call('POST', '/v1/groups', { name: 'Dup', slug: 'influencers' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
    const g = await newGroup({ name: 'Later', slug: 'later' });
    expect((await call('PATCH', `/v1/groups/${g.id}`, { slug: 'influencers' })).status).toBe(409);
  });

  it("answers another workspace's group as missing, everywhere", async () => {
    const theirs = await newGroup({ name: 'Theirs', slug: 'theirs' }, other.token);
    for (const [method, path, body] of [
      ['GET', `/v1/groups/${theirs.id}`, undefined],
      ['PATCH', `/v1/groups/${theirs.id}`, { name: 'Mine now' }],
      ['DELETE', `/v1/groups/${theirs.id}`, undefined],
      ['GET', `/v1/groups/${MISSING}`, undefined],
      ['GET', '/v1/groups/not-a-uuid', undefined],
    ] as const) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    // as a reference too: moving an affiliate there, filtering by it, a rule for it
    expect((await call('PATCH', `/v1/affiliates/${p.b.id}`, { group_id: theirs.id })).body.error).toBe('unknown_resource');
    expect((await call('GET', `/v1/affiliates?group_id=${theirs.id}`)).body.error).toBe('unknown_resource');
    expect((await call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { amount: 50, group_id: theirs.id })).body.error).toBe('unknown_resource');
    expect((await api.db.select().from(groups).where(eq(groups.id, theirs.id)))[0].name).toBe('Theirs');
  });

  it('makes another group the default; the default cannot be deleted nor unmarked', async () => {
    const before = await defaultGroupOf();
    const g = await newGroup({ name: 'Newcomers', slug: 'newcomers' });
    const made = await call('PATCH', `/v1/groups/${g.id}`, { is_default: true });
    expect(made.body.data.is_default).toBe(true);
    expect((await call('GET', `/v1/groups/${before.id}`)).body.data.is_default).toBe(false);
    // new affiliates start there
    const aff = await call('POST', '/v1/affiliates', { email: 'newcomer@example.com', status: 'active' });
    expect(aff.body.data.group_id).toBe(g.id);
    const del = await call('DELETE', `/v1/groups/${g.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('invalid_state');
    expect((await call('PATCH', `/v1/groups/${g.id}`, { is_default: false })).status).toBe(400);
    await call('PATCH', `/v1/groups/${before.id}`, { is_default: true });
    expect((await defaultGroupOf()).id).toBe(before.id);
  });

  it('deletes a group with affiliates only when told where they go, with its rules', async () => {
    const g = await newGroup({ name: 'Doomed', slug: 'doomed' });
    const target = await newGroup({ name: 'Refuge', slug: 'refuge' });
    const aff = (await call('POST', '/v1/affiliates', { email: 'doomed@example.com', group_id: g.id })).body.data;
    expect(aff.group_id).toBe(g.id);
    await call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { amount: 45, group_id: g.id });
    const refused = await call('DELETE', `/v1/groups/${g.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('invalid_state');
    expect((await call('DELETE', `/v1/groups/${g.id}?move_to_group_id=${MISSING}`)).body.error).toBe('unknown_resource');
    const done = await call('DELETE', `/v1/groups/${g.id}?move_to_group_id=${target.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ deleted: true, moved_affiliates: 1, data: { id: g.id } });
    expect((await call('GET', `/v1/affiliates/${aff.id}`)).body.data.group_id).toBe(target.id);
    expect(await api.db.select().from(commissionRules).where(eq(commissionRules.groupId, g.id))).toEqual([]);
    expect((await call('GET', `/v1/groups/${g.id}`)).status).toBe(404);
    // an empty group goes without a target
    const empty = await newGroup({ name: 'Empty', slug: 'empty' });
    expect((await call('DELETE', `/v1/groups/${empty.id}`)).body.moved_affiliates).toBe(0);
  });
});

describe('affiliates and their group', () => {
  it('filters by group_id and moves in bulk with affiliate.group_changed', async () => {
    const g = await newGroup({ name: 'Bulk target', slug: 'bulk-target' });
    const moved = await call('POST', '/v1/affiliates/bulk', { ids: [p.b.id], action: 'move_group', group_id: g.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data[0].group_id).toBe(g.id);
    expect((await call('POST', '/v1/affiliates/bulk', { ids: [p.b.id], action: 'move_group' })).body.error).toBe('group_id_required');
    expect((await call('POST', '/v1/affiliates/bulk', { ids: [p.b.id], action: 'move_group', group_id: MISSING })).body.error).toBe('unknown_resource');
    const listed = await call('GET', `/v1/affiliates?group_id=${g.id}`);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([p.b.id]);
    const events = await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), eq(webhookEvents.type, 'affiliate.group_changed')));
    expect(events.some((e) => JSON.stringify(e.payload).includes(p.b.id))).toBe(true);
    // move it back so the engine cases below start from the default group
    await call('PATCH', `/v1/affiliates/${p.b.id}`, { group_id: (await defaultGroupOf()).id });
  });
});

describe('group commission rules in the engine', () => {
  let orders = 0;
  async function earned(ref: string, body: Record<string, unknown> = {}) {
    const res = await p.track('sale', { external_id: `grp_${++orders}`, ref, amount: 10_000, ...body });
    expect(res.body.attributed).toBe(true);
    return (await p.ledger(res.body.conversion_id)).find((r) => r.kind === 'earning');
  }
  const put = async (body: Record<string, unknown>) => {
    const res = await call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, body);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('the group default beats the campaign default; a move mid-month never rewrites earned commissions', async () => {
    const top = await newGroup({ name: 'Forty', slug: 'forty' });
    const body = await put({ amount: 40, group_id: top.id });
    expect(body.data).toMatchObject({ amount: 30, group_id: null }); // data stays the campaign's own catch-all
    expect(body.rules.filter((r: { group_id: string | null }) => r.group_id === top.id)).toHaveLength(1);
    const first = await earned(p.a.ref);
    expect(first!.amount).toBe(3_000);
    await call('PATCH', `/v1/affiliates/${p.a.id}`, { group_id: top.id });
    const second = await earned(p.a.ref);
    expect(second!.amount).toBe(4_000);
    // the first commission is unchanged
    expect((await p.ledger(first!.conversionId!)).map((r) => r.amount)).toEqual([3_000]);
    // B, still in the default group, earns the campaign's rate
    expect((await earned(p.b.ref))!.amount).toBe(3_000);
    // a second PUT for the group upserts its rule, not the campaign's
    await put({ amount: 42, group_id: top.id });
    expect((await earned(p.a.ref))!.amount).toBe(4_200);
    const groupRules = await api.db.select().from(commissionRules).where(eq(commissionRules.groupId, top.id));
    expect(groupRules).toHaveLength(1);
  });

  it("a group product rule beats the campaign's; the campaign's product rule beats a group default", async () => {
    const g = await newGroup({ name: 'Products', slug: 'products' });
    await call('PATCH', `/v1/affiliates/${p.a.id}`, { group_id: g.id });
    await put({ kind: 'product', product_ids: ['prod_pro'], amount: 10 });
    await put({ amount: 50, group_id: g.id });
    // the campaign's product rule (10 %) beats the group's catch-all (50 %)
    expect((await earned(p.a.ref, { product_id: 'prod_pro' }))!.amount).toBe(1_000);
    expect((await earned(p.a.ref, { product_id: 'prod_other' }))!.amount).toBe(5_000);
    await put({ kind: 'product', product_ids: ['prod_pro'], amount: 20, group_id: g.id });
    // the group's product rule (20 %) beats the campaign's (10 %)
    expect((await earned(p.a.ref, { product_id: 'prod_pro' }))!.amount).toBe(2_000);
    // the campaign's own affiliates still earn its product rule
    expect((await earned(p.b.ref, { product_id: 'prod_pro' }))!.amount).toBe(1_000);
  });
});

describe("a group's join page", () => {
  it('puts applicants in the group, approved by its auto_approve, else by the workspace setting', async () => {
    const { portalCaller } = await import('../../testing/session-caller');
    const { affiliates } = await import('@/db/schema');
    await call('PATCH', '/v1/settings', { join_slug: 'grpjoin', auto_approve_affiliates: false });
    const open = await newGroup({ name: 'Open door', slug: 'open', auto_approve: true });
    const asWorkspace = await newGroup({ name: 'As workspace', slug: 'plain' });
    const anonymous = portalCaller(api, undefined);
    const apply = (email: string, group?: string) =>
      anonymous.join.submit({ program: 'grpjoin', name: 'Nia', email, accept_terms: true, ...(group && { group }) } as never);
    await apply('open@example.com', 'open');
    await apply('plain@example.com', 'plain');
    await apply('nogroup@example.com');
    const row = async (email: string) => (await api.db.select().from(affiliates).where(and(eq(affiliates.workspaceId, p.ws.id), eq(affiliates.email, email))))[0];
    expect(await row('open@example.com')).toMatchObject({ groupId: open.id, status: 'active' });
    expect(await row('plain@example.com')).toMatchObject({ groupId: asWorkspace.id, status: 'pending' });
    expect(await row('nogroup@example.com')).toMatchObject({ groupId: (await defaultGroupOf()).id, status: 'pending' });
    // an unknown slug is a missing page, and nobody is created
    await expect(apply('ghost@example.com', 'ghost')).rejects.toThrow();
    expect(await row('ghost@example.com')).toBeUndefined();
    await expect(anonymous.join.program({ program: 'grpjoin', group: 'ghost' })).rejects.toThrow();
    expect((await anonymous.join.program({ program: 'grpjoin', group: 'open' })).data.name).toBeTruthy();
  });
});

describe('GET /v1/reports/groups', () => {
  it("splits the workspace's totals by group, money per currency", async () => {
    const report = await call('GET', '/v1/reports/groups');
    expect(report.status).toBe(200);
    const summary = (await call('GET', '/v1/reports/summary')).body.data;
    const groupsOf = report.body.data.groups as { group_id: string; affiliates: number; conversions: number; clicks: number; by_currency: { currency: string; revenue: number; commissions: number }[] }[];
    const sum = (f: (g: (typeof groupsOf)[number]) => number) => groupsOf.reduce((s, g) => s + f(g), 0);
    expect(sum((g) => g.conversions)).toBe(summary.leads + summary.sales);
    expect(sum((g) => g.by_currency.find((c) => c.currency === 'usd')?.revenue ?? 0)).toBe(summary.revenue);
    expect(sum((g) => g.by_currency.find((c) => c.currency === 'usd')?.commissions ?? 0)).toBe(summary.commissions);
    expect(summary.sales).toBeGreaterThan(0);
    // A's group holds its sales
    const aGroup = (await call('GET', `/v1/affiliates/${p.a.id}`)).body.data.group_id;
    expect(groupsOf.find((g) => g.group_id === aGroup)!.conversions).toBeGreaterThan(0);
    expect(sum((g) => g.affiliates)).toBe((await api.db.select().from(affiliatesTable).where(eq(affiliatesTable.workspaceId, p.ws.id))).length);
    expect((await call('GET', '/v1/reports/groups?from=2000-01-01&to=2100-12-31')).body.error).toBe('invalid_request');
    expect((await call('GET', '/v1/reports/groups', undefined, other.token)).body.data.groups).toHaveLength(2);
  });
});
