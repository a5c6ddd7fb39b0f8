import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskAssessments } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { clickFarm, seedProgram, seedRiskAffiliate, type Program } from '../../testing/risk-fixtures';

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let program: Program & { peerIds: string[] };
let farmId: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = await api.workspace(['read', 'write']);
  program = await seedProgram(api.db, ws.id, 6);
  farmId = (await seedRiskAffiliate(api.db, program)).id;
  await clickFarm(api.db, program, farmId);
  // Assessed one after another: peers first, the farm last, then the first peer again.
  for (const id of [...program.peerIds, farmId, program.peerIds[0]]) {
    const res = await api.call('POST', '/v1/risk/assessments', { token: ws.token, body: { affiliate_id: id } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => api.close());

const flags = (query = '', token = ws.token) => api.call('GET', `/v1/risk/flags${query}`, { token });
const ids = (res: { body: { data: { affiliate_id: string }[] } }) => res.body.data.map((d) => d.affiliate_id);

describe('GET /v1/risk/flags', () => {
  it("lists each affiliate's newest assessment once, newest first, with the affiliate embedded", async () => {
    const res = await flags();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', resource: 'risk_assessments', limit: 50, offset: 0, has_more: false });
    const [peer0, ...rest] = program.peerIds;
    expect(ids(res)).toEqual([peer0, farmId, ...rest.reverse()]);
    const history = await api.db.select().from(riskAssessments).where(eq(riskAssessments.affiliateId, peer0));
    expect(history).toHaveLength(2);
    const newest = history.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(res.body.data[0].id).toBe(newest.id);
    expect(res.body.data[1]).toMatchObject({ risk_level: 'critical', affiliate: { status: 'active' } });
    expect(res.body.data[1].affiliate.ref_code).toMatch(/^aff-/);
    expect(res.body.data[1].flags).toContain('velocity_anomaly');
  });

  it('pages with limit and offset and filters by level and affiliate', async () => {
    const page = await flags('?limit=2&offset=1');
    expect(page.body).toMatchObject({ limit: 2, offset: 1, has_more: true });
    expect(ids(page)).toEqual([farmId, program.peerIds[5]]);
    const critical = await flags('?risk_level=critical');
    expect(ids(critical)).toEqual([farmId]);
    const low = await flags('?risk_level=low&limit=100');
    expect(low.body.data).toHaveLength(6);
    const one = await flags(`?affiliate_id=${program.peerIds[2]}`);
    expect(ids(one)).toEqual([program.peerIds[2]]);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'limit=x', 'risk_level=severe', 'include_dismissed=maybe'])('rejects %s', async (q) => {
    const res = await flags(`?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('answers unknown_resource for an affiliate filter outside the workspace', async () => {
    const stranger = await api.workspace(['*']);
    const other = await seedRiskAffiliate(api.db, { workspaceId: stranger.id, campaignId: program.campaignId });
    for (const id of [other.id, 'not-a-uuid']) {
      const res = await flags(`?affiliate_id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('unknown_resource');
    }
  });

  it('needs read access and shows another workspace nothing', async () => {
    expect((await flags('', await ws.keyFor([]))).status).toBe(200);
    const track = await flags('', await ws.keyFor(['track']));
    expect(track.status).toBe(403);
    expect(track.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    const anon = await api.call('GET', '/v1/risk/flags');
    expect(anon.status).toBe(401);
    const stranger = await api.workspace(['*']);
    expect((await flags('', stranger.token)).body.data).toEqual([]);
  });
});

describe('POST /v1/risk/assessments/{id}/dismiss', () => {
  it('dismisses a false positive out of the list, keeps it with include_dismissed, and keeps the first time', async () => {
    const target = (await flags('?risk_level=critical')).body.data[0];
    const res = await api.call('POST', `/v1/risk/assessments/${target.id}/dismiss`, { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('risk_assessment');
    expect(res.body.data).toMatchObject({ id: target.id, affiliate_id: farmId, risk_level: 'critical' });
    expect(res.body.data.dismissed_at).toMatch(/Z$/);
    expect(ids(await flags())).not.toContain(farmId);
    expect((await flags('?risk_level=critical')).body.data).toEqual([]);
    const all = await flags('?include_dismissed=true');
    expect(all.body.data.find((d: { id: string }) => d.id === target.id).dismissed_at).toBe(res.body.data.dismissed_at);
    const again = await api.call('POST', `/v1/risk/assessments/${target.id}/dismiss`, { token: ws.token });
    expect(again.body.data.dismissed_at).toBe(res.body.data.dismissed_at);
    // A newer assessment brings the affiliate back.
    await api.call('POST', '/v1/risk/assessments', { token: ws.token, body: { affiliate_id: farmId } });
    expect(ids(await flags())[0]).toBe(farmId);
  });

  it('answers link_not_found for unknown, malformed and foreign ids, and needs write', async () => {
    const target = (await flags()).body.data[1];
    const stranger = await api.workspace(['*']);
    const cases: [string, string][] = [
      ['0190a0b0-0000-7000-8000-000000000000', ws.token],
      ['not-a-uuid', ws.token],
      [target.id, stranger.token],
    ];
    for (const [id, token] of cases) {
      const res = await api.call('POST', `/v1/risk/assessments/${id}/dismiss`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    const readOnly = await api.call('POST', `/v1/risk/assessments/${target.id}/dismiss`, { token: await ws.keyFor(['read']) });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    const unknownField = await api.call('POST', `/v1/risk/assessments/${target.id}/dismiss`, { token: ws.token, body: { reason: 'x' } });
    expect(unknownField.body.error).toBe('invalid_request');
    const [row] = await api.db.select().from(riskAssessments).where(eq(riskAssessments.id, target.id));
    expect(row.dismissedAt).toBeNull();
  });
});
