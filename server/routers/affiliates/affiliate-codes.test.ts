import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, auditEvents, campaigns } from '@/db/schema';
import { generateMissingCodes, generateMissingCodesEverywhere } from '../../domain/codes/lifecycle';
import { MAX_ACTIVE_CODES } from '../../domain/codes/codes';
import { startTestApi, type TestApi } from '../../testing/api';
import { failure, portalCaller } from '../../testing/session-caller';

// Coupon codes per affiliate (docs/codes.md): the rules, the caps, the lifecycle, the API and the portal.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Ws = Awaited<ReturnType<TestApi['workspace']>>;
const MISSING = '0190a0b0-0000-7000-8000-000000000000';

async function program() {
  const ws = await api.workspace(['*']);
  const campaign = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main' } })).body.data;
  const affiliate = async (ref: string, status = 'active') =>
    (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: `${ref}@example.com`, ref_code: ref, status, campaign_id: campaign.id } })).body.data
      .id as string;
  return { ws, campaign, affiliate };
}

const create = (ws: Ws, id: string, body: unknown = {}) => api.call('POST', `/v1/affiliates/${id}/codes`, { token: ws.token, body });
const list = (ws: Ws, id: string) => api.call('GET', `/v1/affiliates/${id}/codes`, { token: ws.token });
const deactivate = (ws: Ws, id: string, codeId: string) =>
  api.call('POST', `/v1/affiliates/${id}/codes/${codeId}/deactivate`, { token: ws.token, body: {} });
const setStatus = (ws: Ws, id: string, status: string) => api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { status } });
const rows = (wsId: string) => api.db.select().from(affiliateCodes).where(eq(affiliateCodes.workspaceId, wsId));
const codesOf = async (ws: Ws, id: string) =>
  ((await list(ws, id)).body.data as { code: string; status: string; deactivated_reason: string | null }[]).map((c) => `${c.code}:${c.status}`);

describe('POST /v1/affiliates/{id}/codes', () => {
  it('generates a code from the ref code, or takes the chosen one; both pending for the sync', async () => {
    const p = await program();
    const id = await p.affiliate('jo-ann_b');
    const generated = await create(p.ws, id);
    expect(generated.status).toBe(201);
    expect(generated.body.data).toMatchObject({ affiliate_id: id, code: 'JOANNB', status: 'active', source: 'generated', sync_state: 'pending', sync_error: null });
    const chosen = await create(p.ws, id, { code: 'JoAnn10' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toMatchObject({ code: 'JoAnn10', source: 'manager' });
    const [audit] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, chosen.body.data.id)));
    expect(audit.action).toBe('affiliate_code.created');
    const listed = await list(p.ws, id);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: { code: string }) => c.code)).toEqual(['JoAnn10', 'JOANNB']);
  });

  it('refuses text outside the rules with invalid_request, and changes nothing', async () => {
    const p = await program();
    const id = await p.affiliate('rules');
    for (const code of ['AB', 'WITH-DASH', 'has space', 'X'.repeat(33), 'ÉCOLE10', '', 'test', 'Promo', 'REFCOUNT']) {
      const res = await create(p.ws, id, { code });
      expect(res.status, code).toBe(400);
      expect(res.body.error, code).toBe('invalid_request');
    }
    expect(await rows(p.ws.id)).toEqual([]);
  });

  it('a code is unique in the workspace in any case, inactive ones included, and never another affiliate’s ref code', async () => {
    const p = await program();
    const a = await p.affiliate('ann');
    const b = await p.affiliate('bob');
    const first = await create(p.ws, a, { code: 'SPRING24' });
    await deactivate(p.ws, a, first.body.data.id);
    for (const [who, code] of [[b, 'spring24'], [a, 'Spring24'], [a, 'BOB']] as const) {
      const res = await create(p.ws, who, { code });
      expect(res.status, code).toBe(409);
      expect(res.body.error, code).toBe('invalid_state');
    }
    // its own ref code is fine, and another workspace may use the same text
    expect((await create(p.ws, a, { code: 'ANN' })).status).toBe(201);
    const other = await program();
    expect((await create(other.ws, await other.affiliate('otherann'), { code: 'SPRING24' })).status).toBe(201);
    expect((await rows(p.ws.id)).map((r) => r.code).sort()).toEqual(['ANN', 'SPRING24']);
  });

  it('a new affiliate does not get another affiliate’s code as its ref code', async () => {
    const p = await program();
    await create(p.ws, await p.affiliate('first'), { code: 'Newbie' });
    const res = await api.call('POST', '/v1/affiliates', { token: p.ws.token, body: { email: 'newbie@example.com', ref_code: 'newbie' } });
    expect(res.status).toBe(201);
    expect(res.body.data.ref_code).toBe('newbie-2');
  });

  it('two concurrent creates of one text make one code; the other answers 409', async () => {
    const p = await program();
    const a = await p.affiliate('racea');
    const b = await p.affiliate('raceb');
    const results = await Promise.all([create(p.ws, a, { code: 'RACE10' }), create(p.ws, b, { code: 'race10' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('invalid_state');
    expect((await rows(p.ws.id)).map((r) => r.codeKey)).toEqual(['race10']);
  });

  it('numbers a generated code whose text is taken', async () => {
    const p = await program();
    const a = await p.affiliate('kim');
    const b = await p.affiliate('kim-2');
    await create(p.ws, a, { code: 'KIM2' });
    expect((await create(p.ws, b, { code: 'KIM' })).status).toBe(409); // a's ref code
    // kim-2's base is KIM2, taken by a's code: the next number goes on the end
    expect((await create(p.ws, b)).body.data.code).toBe('KIM22');
    expect((await create(p.ws, a)).body.data.code).toBe('KIM');
  });

  it('holds at most the active cap; only active affiliates get codes', async () => {
    const p = await program();
    const a = await p.affiliate('capped');
    for (let i = 0; i < MAX_ACTIVE_CODES; i++) expect((await create(p.ws, a, { code: `CAP${i}X` })).status).toBe(201);
    const over = await create(p.ws, a, { code: 'CAPOVER' });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('invalid_state');
    const pending = await p.affiliate('waiting', 'pending');
    expect((await create(p.ws, pending, { code: 'WAITING1' })).status).toBe(409);
    expect((await rows(p.ws.id)).length).toBe(MAX_ACTIVE_CODES);
  });

  it('another tenant’s affiliate or code answers 404 like a missing one, and nothing changes', async () => {
    const p = await program();
    const a = await p.affiliate('mine');
    const code = (await create(p.ws, a, { code: 'MINE10' })).body.data;
    const stranger = await api.workspace(['*']);
    for (const res of [
      await create(stranger, a, { code: 'STOLEN1' }),
      await list(stranger, a),
      await deactivate(stranger, a, code.id),
      await create(p.ws, MISSING),
      await create(p.ws, 'nope'),
      await deactivate(p.ws, a, MISSING),
      await deactivate(p.ws, await p.affiliate('notmine'), code.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    expect((await rows(p.ws.id)).map((r) => `${r.code}:${r.status}`)).toEqual(['MINE10:active']);
  });

  it('a read-only key may list but not create', async () => {
    const p = await program();
    const a = await p.affiliate('readonly');
    const token = await p.ws.keyFor(['read']);
    expect((await api.call('GET', `/v1/affiliates/${a}/codes`, { token })).status).toBe(200);
    const res = await api.call('POST', `/v1/affiliates/${a}/codes`, { token, body: {} });
    expect(res.status).toBe(403);
    expect(await rows(p.ws.id)).toEqual([]);
  });
});

describe('POST /v1/affiliates/{id}/codes/{code_id}/deactivate', () => {
  it('deactivates once, keeps the row, and answers the same on a repeat', async () => {
    const p = await program();
    const a = await p.affiliate('off');
    const code = (await create(p.ws, a, { code: 'OFF10' })).body.data;
    const first = await deactivate(p.ws, a, code.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: code.id, status: 'inactive', deactivated_reason: 'deactivated', sync_state: 'pending' });
    expect(first.body.data.deactivated_at).not.toBeNull();
    const again = await deactivate(p.ws, a, code.id);
    expect(again.body.data).toEqual(first.body.data);
    const audits = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, 'affiliate_code.deactivated')));
    expect(audits.length).toBe(1);
  });
});

describe('codes follow the affiliate', () => {
  it('suspension deactivates its active codes; reactivation restores exactly those', async () => {
    const p = await program();
    const a = await p.affiliate('susp');
    const kept = (await create(p.ws, a, { code: 'KEPT10' })).body.data;
    const off = (await create(p.ws, a, { code: 'OFFBYHAND' })).body.data;
    await deactivate(p.ws, a, off.id);
    expect((await setStatus(p.ws, a, 'suspended')).status).toBe(200);
    const suspended = (await list(p.ws, a)).body.data;
    expect(suspended.find((c: { id: string }) => c.id === kept.id)).toMatchObject({ status: 'inactive', deactivated_reason: 'affiliate_inactive', sync_state: 'pending' });
    // while suspended no code is made
    expect((await create(p.ws, a, { code: 'SNEAKY1' })).status).toBe(409);
    expect((await setStatus(p.ws, a, 'active')).status).toBe(200);
    expect(await codesOf(p.ws, a)).toEqual(['OFFBYHAND:inactive', 'KEPT10:active']);
    const restored = (await list(p.ws, a)).body.data.find((c: { id: string }) => c.id === kept.id);
    expect(restored).toMatchObject({ deactivated_at: null, deactivated_reason: null });
    const actions = (await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.targetId, kept.id)))).map((e) => e.action);
    expect(actions.sort()).toEqual(['affiliate_code.created', 'affiliate_code.deactivated', 'affiliate_code.reactivated']);
  });

  it('rejection deactivates too; a code is then refused for the rejected affiliate', async () => {
    const p = await program();
    const a = await p.affiliate('rej');
    await create(p.ws, a, { code: 'REJ10' });
    await setStatus(p.ws, a, 'rejected');
    expect(await codesOf(p.ws, a)).toEqual(['REJ10:inactive']);
  });

  it('a discount set on a campaign generates codes for its active affiliates, once; approval generates one', async () => {
    const p = await program();
    const a = await p.affiliate('disc-a');
    const b = await p.affiliate('disc-b');
    const pending = await p.affiliate('disc-p', 'pending');
    const set = await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, {
      token: p.ws.token,
      body: { customer_discount: { type: 'percent', amount: 10, duration: 'once' } },
    });
    expect(set.status).toBe(200);
    expect(await codesOf(p.ws, a)).toEqual(['DISCA:active']);
    expect(await codesOf(p.ws, b)).toEqual(['DISCB:active']);
    expect(await codesOf(p.ws, pending)).toEqual([]);
    // a code the manager deactivated is not made again by a later change
    const code = (await list(p.ws, a)).body.data[0];
    await deactivate(p.ws, a, code.id);
    await api.call('PATCH', `/v1/campaigns/${p.campaign.id}`, { token: p.ws.token, body: { customer_discount: { type: 'percent', amount: 20 } } });
    expect(await generateMissingCodes(api.db, p.ws.id, 10)).toBe(0);
    expect(await codesOf(p.ws, a)).toEqual(['DISCA:inactive']);
    await setStatus(p.ws, pending, 'active');
    expect(await codesOf(p.ws, pending)).toEqual(['DISCP:active']);
    // a new affiliate of the campaign gets its code as it is created
    expect(await codesOf(p.ws, await p.affiliate('disc-new'))).toEqual(['DISCNEW:active']);
  });

  it('the sweep does the affiliates the discount write left, in batches', async () => {
    const p = await program();
    const ids = [await p.affiliate('sw-a'), await p.affiliate('sw-b'), await p.affiliate('sw-c')];
    // as if the discount's own write had reached its bound before these affiliates
    await api.db.update(campaigns).set({ discountType: 'percent', discountAmount: 1000 }).where(eq(campaigns.id, p.campaign.id));
    expect(await generateMissingCodes(api.db, p.ws.id, 2)).toBe(2);
    expect(await generateMissingCodes(api.db, p.ws.id, 2)).toBe(1);
    expect(await generateMissingCodes(api.db, p.ws.id, 2)).toBe(0);
    for (const id of ids) expect((await codesOf(p.ws, id)).length).toBe(1);
    const [audit] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, 'affiliate_code.created')));
    expect(audit).toMatchObject({ actorType: 'system', actorId: 'codes.generate' });
  });

  it("an affiliate without a campaign has the default campaign's discount, and a code with it", async () => {
    const ws = await api.workspace(['*']);
    // made before the workspace had any campaign: it has none
    const lone = (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'lone@example.com', ref_code: 'lone1', status: 'active' } })).body.data;
    expect(lone.campaign_id).toBeNull();
    await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Default', customer_discount: { type: 'percent', amount: 10 } } });
    expect(await generateMissingCodes(api.db, ws.id, 10)).toBe(1);
    expect(await codesOf(ws, lone.id)).toEqual(['LONE1:active']);
  });

  it("the job's run sweeps every workspace with a discounted campaign, and only those", async () => {
    const [withDiscount, without] = [await program(), await program()];
    const a = await withDiscount.affiliate('job-a');
    const b = await without.affiliate('job-b');
    await api.db.update(campaigns).set({ discountType: 'percent', discountAmount: 1000 }).where(eq(campaigns.id, withDiscount.campaign.id));
    expect((await generateMissingCodesEverywhere(api.db)).done).toBeGreaterThanOrEqual(1);
    expect(await codesOf(withDiscount.ws, a)).toEqual(['JOBA:active']);
    expect(await codesOf(without.ws, b)).toEqual([]);
  });
});

describe('the affiliate’s own codes', () => {
  it('GET /v1/affiliate/codes answers only the key’s affiliate’s codes', async () => {
    const p = await program();
    const a = await p.affiliate('selfa');
    const b = await p.affiliate('selfb');
    await create(p.ws, a, { code: 'SELFA10' });
    await create(p.ws, b, { code: 'SELFB10' });
    const key = (await api.call('POST', `/v1/affiliates/${a}/keys`, { token: p.ws.token, body: {} })).body.data.token;
    const res = await api.call('GET', '/v1/affiliate/codes', { token: key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { code: string }) => c.code)).toEqual(['SELFA10']);
    expect((await api.call('GET', '/v1/affiliate/codes', { token: p.ws.token })).status).toBe(403);
  });

  it('in the portal the affiliate chooses a code and renames it; a refused rename leaves the old one', async () => {
    const p = await program();
    const a = await p.affiliate('porta');
    const b = await p.affiliate('portb');
    await create(p.ws, b, { code: 'TAKEN10' });
    const portal = portalCaller(api, { workspaceId: p.ws.id, affiliateId: a }).portal;
    const chosen = (await portal.chooseCode({ code: 'MyCode' })).data;
    expect(chosen).toMatchObject({ code: 'MyCode', source: 'affiliate', status: 'active' });
    for (const [code, status] of [['TAKEN10', 409], ['bad-code', 400], ['PORTB', 409], ['mycode', 400]] as const) {
      const input = { code, replaces: chosen.id };
      expect(await failure(portal.chooseCode(input), input), code).toMatchObject({ status });
    }
    expect((await portal.codes({})).data.map((c) => `${c.code}:${c.status}`)).toEqual(['MyCode:active']);
    const renamed = (await portal.chooseCode({ code: 'MyNewCode', replaces: chosen.id })).data;
    expect(renamed.code).toBe('MyNewCode');
    const listed = (await portal.codes({})).data;
    expect(listed.map((c) => `${c.code}:${c.status}:${c.deactivated_reason}`)).toEqual(['MyNewCode:active:null', 'MyCode:inactive:renamed']);
    // another affiliate's code cannot be renamed from here
    const other = (await list(p.ws, b)).body.data[0];
    expect(await failure(portal.chooseCode({ code: 'HIJACK1', replaces: other.id }))).toMatchObject({ status: 404, error: 'link_not_found' });
  });
});
