import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateRefAliases, affiliates, auditEvents, clicks, webhookEvents } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { startBrowserServer } from '../../testing/browser-server';
import { startProgram, type Program } from '../../testing/program';
import { createUser } from '../../domain/users/users';
import { dashboardCaller } from '../../testing/session-caller';

// Issue 47 (4a): an affiliate's e-mail and ref code are editable (the old code stays an alias that
// tracking still credits), and lists act on many affiliates at once (POST /v1/affiliates/bulk).

let api: TestApi;
let p: Program;
let other: Program;
let browser: Awaited<ReturnType<typeof startBrowserServer>>;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'edt' });
  other = await startProgram(api, { prefix: 'oth' });
  browser = await startBrowserServer(api);
});
afterAll(async () => {
  await browser.close();
  await api.close();
});

let n = 0;
const newAffiliate = async (body: Record<string, unknown> = {}, prog = p) => {
  n += 1;
  const res = await api.call('POST', '/v1/affiliates', { token: prog.token, body: { email: `edit-${n}@example.com`, name: `Edit ${n}`, status: 'active', ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; ref_code: string; email: string; campaign_id: string };
};
const patch = (id: string, body: unknown, token = p.token) => api.call('PATCH', `/v1/affiliates/${id}`, { token, body });
const bulk = (body: unknown, token = p.token) => api.call('POST', '/v1/affiliates/bulk', { token, body });
const clicksOf = (affiliateId: string) => api.db.select().from(clicks).where(and(eq(clicks.workspaceId, p.ws.id), eq(clicks.affiliateId, affiliateId)));
const updatedEvents = async (id: string) =>
  (await api.db.select().from(webhookEvents).where(and(eq(webhookEvents.workspaceId, p.ws.id), eq(webhookEvents.type, 'affiliate.updated')))).filter(
    (e) => (e.payload as { data: { id: string } }).data.id === id,
  );
const audits = (id: string) =>
  api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, id), eq(auditEvents.action, 'affiliate.updated')));

describe('PATCH /v1/affiliates/{id}: e-mail', () => {
  it('changes the e-mail, emits affiliate.updated and audits before and after', async () => {
    const a = await newAffiliate();
    const res = await patch(a.id, { email: ' New.Mail@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('New.Mail@Example.com');
    const [row] = await api.db.select().from(affiliates).where(eq(affiliates.id, a.id));
    expect(row.normalisedEmail).toBe('new.mail@example.com');
    expect(await updatedEvents(a.id)).toHaveLength(1);
    const [audit] = await audits(a.id);
    expect(audit.changes).toMatchObject({ before: { email: a.email }, after: { email: 'New.Mail@Example.com' } });
  });

  it("refuses another affiliate's e-mail in any case with 409, and keeps its own in another case", async () => {
    const a = await newAffiliate();
    const b = await newAffiliate();
    const clash = await patch(b.id, { email: a.email.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('invalid_state');
    expect((await api.db.select().from(affiliates).where(eq(affiliates.id, b.id)))[0].email).toBe(b.email);
    expect((await patch(a.id, { email: a.email.toUpperCase() })).status).toBe(200);
    // another workspace's affiliate may have the same e-mail
    const foreign = await newAffiliate({}, other);
    expect((await patch(foreign.id, { email: a.email }, other.token)).status).toBe(200);
  });

  it('lets one of two racing changes to one e-mail win; the other hears 409', async () => {
    const a = await newAffiliate();
    const b = await newAffiliate();
    const results = await Promise.all([patch(a.id, { email: 'raced@example.com' }), patch(b.id, { email: 'raced@example.com' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await api.db.select().from(affiliates).where(and(eq(affiliates.workspaceId, p.ws.id), eq(affiliates.email, 'raced@example.com')));
    expect(holders).toHaveLength(1);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const a = await newAffiliate();
    expect((await patch(a.id, { email: 'not-an-address' })).status).toBe(400);
  });
});

describe('PATCH /v1/affiliates/{id}: ref code', () => {
  it('changes the code (lower-cased) and keeps the old one as an alias that still credits clicks', async () => {
    const a = await newAffiliate({ ref_code: 'edt-old-code' });
    const res = await patch(a.id, { ref_code: 'EDT-New-Code' });
    expect(res.status).toBe(200);
    expect(res.body.data.ref_code).toBe('edt-new-code');
    const aliases = await api.db.select().from(affiliateRefAliases).where(eq(affiliateRefAliases.affiliateId, a.id));
    expect(aliases.map((r) => r.code)).toEqual(['edt-old-code']);
    // ?ref=old through the collector
    const viaApi = await p.track('click', { ref: 'EDT-OLD-CODE' });
    expect(viaApi.status).toBe(200);
    expect(viaApi.body.ok).toBe(true);
    // /r/old: lands with the current code and records the click for the same affiliate
    const viaRedirect = await fetch(browser.url + '/r/edt-old-code', { redirect: 'manual' });
    expect(viaRedirect.status).toBe(302);
    expect(new URL(viaRedirect.headers.get('location')!).searchParams.get('ref')).toBe('edt-new-code');
    // and the new code works too
    expect((await p.track('click', { ref: 'edt-new-code' })).body.ok).toBe(true);
    expect((await clicksOf(a.id)).map((c) => c.source).sort()).toEqual(['api', 'api', 'redirect']);
    const [audit] = await audits(a.id);
    expect(audit.changes).toMatchObject({ before: { ref_code: 'edt-old-code' }, after: { ref_code: 'edt-new-code' } });
    expect(await updatedEvents(a.id)).toHaveLength(1);
  });

  it('a sale sent with the old code as ref is credited to the affiliate, as with the current one', async () => {
    const a = await newAffiliate({ ref_code: 'edt-sale-old' });
    await patch(a.id, { ref_code: 'edt-sale-new' });
    for (const [externalId, ref] of [['edt-sale-1', 'EDT-SALE-OLD'], ['edt-sale-2', 'edt-sale-new']]) {
      const sale = await p.track('sale', { external_id: externalId, amount: 5000, ref });
      expect(sale.status, ref).toBe(200);
      expect(sale.body.attributed, ref).toBe(true);
      expect((await p.conversion(sale.body.conversion_id)).affiliateId, ref).toBe(a.id);
    }
    // a code that never was still credits nobody
    expect((await p.track('sale', { external_id: 'edt-sale-3', amount: 5000, ref: 'edt-sale-never' })).body.attributed).toBe(false);
  });

  it('an unknown code is still link_not_found, and an alias in one workspace credits nobody in another', async () => {
    const a = await newAffiliate({ ref_code: 'edt-moved-away' });
    await patch(a.id, { ref_code: 'edt-moved-here' });
    expect((await p.track('click', { ref: 'edt-never-was' })).status).toBe(404);
    expect((await other.track('click', { ref: 'edt-moved-away' })).status).toBe(404);
  });

  it("refuses another affiliate's current code, old code or coupon code with 409, in any case", async () => {
    const a = await newAffiliate({ ref_code: 'edt-holder' });
    await patch(a.id, { ref_code: 'edt-holder-2' });
    const b = await newAffiliate();
    for (const code of ['edt-holder-2', 'EDT-HOLDER']) {
      const res = await patch(b.id, { ref_code: code });
      expect(res.status, code).toBe(409);
      expect(res.body.error).toBe('invalid_state');
    }
    const coupon = await api.call('POST', `/v1/affiliates/${a.id}/codes`, { token: p.token, body: { code: 'EDTCOUPON' } });
    expect(coupon.status).toBe(201);
    expect((await patch(b.id, { ref_code: 'edtcoupon' })).status).toBe(409);
    expect((await api.db.select().from(affiliates).where(eq(affiliates.id, b.id)))[0].refCode).toBe(b.ref_code);
  });

  it('takes back its own old code: the current one becomes the alias', async () => {
    const a = await newAffiliate({ ref_code: 'edt-first' });
    await patch(a.id, { ref_code: 'edt-second' });
    expect((await patch(a.id, { ref_code: 'edt-first' })).status).toBe(200);
    const aliases = await api.db.select().from(affiliateRefAliases).where(eq(affiliateRefAliases.affiliateId, a.id));
    expect(aliases.map((r) => r.code)).toEqual(['edt-second']);
    expect((await p.track('click', { ref: 'edt-second' })).status).toBe(200);
    expect(await clicksOf(a.id)).toHaveLength(1);
  });

  it('a new affiliate asking for an old code gets the next variant, so the alias keeps crediting the first', async () => {
    const a = await newAffiliate({ ref_code: 'edt-legacy' });
    await patch(a.id, { ref_code: 'edt-current' });
    const b = await newAffiliate({ ref_code: 'edt-legacy' });
    expect(b.ref_code).toBe('edt-legacy-2');
  });

  it('refuses codes the creation rule refuses with 400', async () => {
    const a = await newAffiliate();
    for (const code of ['ab', 'has space', 'x'.repeat(65), 'ümlaut']) expect((await patch(a.id, { ref_code: code })).status, code).toBe(400);
  });

  it('lets one of two racing changes to one code win', async () => {
    const a = await newAffiliate();
    const b = await newAffiliate();
    const results = await Promise.all([patch(a.id, { ref_code: 'edt-raced' }), patch(b.id, { ref_code: 'edt-raced' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('POST /v1/affiliates/bulk', () => {
  it('approves many applications at once, each with its event and audit row, in the order asked', async () => {
    const x = await newAffiliate({ status: 'pending' });
    const y = await newAffiliate({ status: 'pending' });
    const res = await bulk({ ids: [y.id, x.id, y.id.toUpperCase()], action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', has_more: false });
    expect(res.body.data.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      [y.id, 'active'],
      [x.id, 'active'],
    ]);
    expect(res.body.data[0].approved_at).toBeTruthy();
    for (const id of [x.id, y.id]) {
      expect(await updatedEvents(id)).toHaveLength(1);
      expect(await audits(id)).toHaveLength(1);
    }
  });

  it('rejects, suspends and moves to a campaign', async () => {
    const x = await newAffiliate({ status: 'pending' });
    const y = await newAffiliate();
    expect((await bulk({ ids: [x.id], action: 'reject' })).body.data[0].status).toBe('rejected');
    expect((await bulk({ ids: [y.id], action: 'suspend' })).body.data[0].status).toBe('suspended');
    const camp = (await api.call('POST', '/v1/campaigns', { token: p.token, body: { name: 'Bulk target' } })).body.data.id;
    const moved = await bulk({ ids: [x.id, y.id], action: 'move', campaign_id: camp });
    expect(moved.body.data.map((d: { campaign_id: string }) => d.campaign_id)).toEqual([camp, camp]);
    const missingCampaign = await bulk({ ids: [x.id], action: 'move' });
    expect(missingCampaign.status).toBe(400);
    expect(missingCampaign.body.error).toBe('campaign_id_required');
    const foreignCampaign = await bulk({ ids: [x.id], action: 'move', campaign_id: other.campaign.id });
    expect(foreignCampaign.status).toBe(404);
  });

  it("changes nothing when one id is missing or another workspace's, answering the same 404", async () => {
    const x = await newAffiliate({ status: 'pending' });
    const foreign = await newAffiliate({ status: 'pending' }, other);
    const missing = '00000000-0000-4000-8000-000000000000';
    const a = await bulk({ ids: [x.id, foreign.id], action: 'approve' });
    const b = await bulk({ ids: [x.id, missing], action: 'approve' });
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(a.body.error).toBe(b.body.error);
    expect(a.body.error).toBe('unknown_resource');
    const rows = await api.db.select().from(affiliates).where(eq(affiliates.id, x.id));
    expect(rows[0].status).toBe('pending');
    expect((await api.db.select().from(affiliates).where(eq(affiliates.id, foreign.id)))[0].status).toBe('pending');
    expect(await updatedEvents(x.id)).toHaveLength(0);
  });

  it('bounds the ids: none, more than 100, malformed, and an unknown action are 400', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await bulk({ ids: [], action: 'approve' })).status).toBe(400);
    expect((await bulk({ ids, action: 'approve' })).status).toBe(400);
    expect((await bulk({ ids: ['nope'], action: 'approve' })).status).toBe(400);
    expect((await bulk({ ids: [ids[0]], action: 'delete' })).status).toBe(400);
  });
});

describe('affiliates.tableCsv with ids (Export selected)', () => {
  it("exports only the selected rows, and never another workspace's", async () => {
    const user = await createUser(api.db, { email: 'edit-csv@example.com', password: 'password-1', workspaceId: p.ws.id });
    const manager = dashboardCaller(api, user.id);
    const x = await newAffiliate();
    const y = await newAffiliate();
    const foreign = await newAffiliate({}, other);
    const csv = await manager.affiliates.tableCsv({ ids: [x.id, foreign.id] });
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(csv).toContain(x.email);
    expect(csv).not.toContain(y.email);
    expect(csv).not.toContain(foreign.email);
  });
});
