import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bountySubmissions, commissions, webhookEvents } from '@/db/schema';
import { evaluateBounties, evaluateEveryWorkspace } from '../../domain/bounties/evaluate';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { failure, portalCaller } from '../../testing/session-caller';

let api: TestApi;
let p: Program;
let other: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'bty' });
  other = await startProgram(api, { prefix: 'btyo' });
});
afterAll(() => api.close());

const DAY_MS = 86_400_000;
const rest = (method: string, path: string, body?: unknown, token = p.token) => api.call(method, path, { token, body });
const create = async (body: Record<string, unknown>, token = p.token) => {
  const res = await rest('POST', '/v1/bounties', body, token);
  expect(res.status).toBe(201);
  return res.body.data as { id: string } & Record<string, unknown>;
};
const saleAt = async (externalId: string, ts: string, ref = p.a.ref) => {
  const res = await p.track('sale', { external_id: externalId, ref, amount: 10_000, ts });
  expect(res.status).toBeLessThan(300);
};
const bountyRows = (bountyId: string) => api.db.select().from(commissions).where(eq(commissions.bountyId, bountyId));
const portalOf = (affiliateId: string, prog = p) => portalCaller(api, { workspaceId: prog.ws.id, affiliateId }).portal;
const evaluate = (now: Date, affiliateIds = [p.a.id, p.b.id]) => evaluateBounties({ db: api.db, workspaceId: p.ws.id, affiliateIds, now });

describe('POST /v1/bounties', () => {
  it.each([
    [{ type: 'submission', reward_amount: 100 }, 'name_required'],
    [{ name: 'x', type: 'performance', reward_amount: 100 }, 'metric_required'],
    [{ name: 'x', type: 'performance', reward_amount: 100, metric: 'sales' }, 'target_required'],
    [{ name: 'x', type: 'submission', reward_amount: 100, target: 3 }, 'invalid_request'],
    [{ name: 'x', type: 'submission', reward_amount: 0 }, 'invalid_request'],
    [{ name: 'x', type: 'submission', reward_amount: 100, currency: 'abc' }, 'invalid_request'],
    [{ name: 'x', type: 'performance', reward_amount: 100, metric: 'sales', target: 0 }, 'invalid_request'],
    [{ name: 'x', type: 'submission', reward_amount: 100, starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' }, 'invalid_request'],
    [{ name: 'x'.repeat(201), type: 'submission', reward_amount: 100 }, 'invalid_request'],
  ])('refuses %j with %s', async (body, error) => {
    const res = await rest('POST', '/v1/bounties', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("creates with the workspace's currency and all_time by default, and reads it back", async () => {
    const b = await create({ name: ' Video ', type: 'submission', reward_amount: 2500 });
    expect(b).toMatchObject({ name: 'Video', type: 'submission', currency: 'usd', period: 'all_time', metric: null, target: null, archived: false });
    const got = await rest('GET', `/v1/bounties/${b.id}`);
    expect(got.body.data).toMatchObject({ id: b.id, report: { submissions: { pending: 0, approved: 0, rejected: 0 }, affiliates_rewarded: 0, earned: [] } });
    const listed = await rest('GET', '/v1/bounties?type=submission');
    expect(listed.body.data.map((x: { id: string }) => x.id)).toContain(b.id);
  });
});

describe('performance bounties', () => {
  it('pay once per affiliate and period under concurrent evaluations, and again in a new period', async () => {
    const b = await create({ name: 'Two sales a month', type: 'performance', metric: 'sales', target: 2, period: 'month', reward_amount: 5000 });
    await saleAt('bty-mar-1', '2026-03-03T10:00:00Z');
    const march = new Date('2026-03-20T12:00:00Z');
    // one sale: not reached
    expect(await evaluate(march)).toEqual([]);
    await saleAt('bty-mar-2', '2026-03-10T10:00:00Z');
    const [x, y] = await Promise.all([evaluate(march), evaluate(march)]);
    expect(x.length + y.length).toBe(1);
    let rows = await bountyRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'bounty', conversionId: null, affiliateId: p.a.id, periodKey: '2026-03', amount: 5000, computedAmount: 5000, currency: 'usd', status: 'pending',
    });
    expect(rows[0].holdUntil!.getTime()).toBe(march.getTime() + 30 * DAY_MS);
    // evaluated again in the same period (and by the job): nothing more
    expect(await evaluate(new Date('2026-03-31T23:00:00Z'))).toEqual([]);
    await evaluateEveryWorkspace(api.db, march);
    expect(await bountyRows(b.id)).toHaveLength(1);

    // April: one sale is not enough, the second earns the April reward
    await saleAt('bty-apr-1', '2026-04-02T10:00:00Z');
    const april = new Date('2026-04-20T12:00:00Z');
    expect(await evaluate(april)).toEqual([]);
    await saleAt('bty-apr-2', '2026-04-03T10:00:00Z');
    await Promise.all([evaluateEveryWorkspace(api.db, april), evaluate(april)]);
    rows = await bountyRows(b.id);
    expect(rows.map((r) => r.periodKey).sort()).toEqual(['2026-03', '2026-04']);
    expect(rows.every((r) => r.affiliateId === p.a.id)).toBe(true);
  });

  it('a bounty commission reads as one everywhere: no conversion, kind bounty, its bounty; a manager can deny it', async () => {
    const b = await create({ name: 'First sale ever', type: 'performance', metric: 'sales', target: 1, reward_amount: 700 });
    await evaluate(new Date('2026-04-21T00:00:00Z'));
    const [row] = await bountyRows(b.id);
    expect(row.periodKey).toBe('all');
    const got = await rest('GET', `/v1/commissions/${row.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: row.id, conversion_id: null, bounty_id: b.id, kind: 'bounty', amount: 700, status: 'pending' });
    const listed = await rest('GET', `/v1/commissions?affiliate_id=${p.a.id}&limit=200`);
    expect(listed.body.data.find((c: { id: string }) => c.id === row.id)).toMatchObject({ conversion_id: null, bounty_id: b.id });
    const denied = await rest('PATCH', `/v1/commissions/${row.id}`, { status: 'denied' });
    expect(denied.status).toBe(200);
    expect(denied.body.data).toMatchObject({ status: 'denied', kind: 'bounty' });
    // denied: it stays the period's one commission; evaluating again writes no second
    await evaluate(new Date('2026-04-22T00:00:00Z'));
    expect(await bountyRows(b.id)).toHaveLength(1);
    const report = await rest('GET', `/v1/bounties/${b.id}`);
    expect(report.body.data.report).toMatchObject({ affiliates_rewarded: 0, earned: [] });
    await rest('POST', `/v1/bounties/${b.id}/archive`, {});
  });

  it('an archived bounty, or one not started, earns nothing', async () => {
    const archived = await create({ name: 'Archived', type: 'performance', metric: 'clicks', target: 1, reward_amount: 100 });
    const res = await rest('POST', `/v1/bounties/${archived.id}/archive`, {});
    expect(res.body.data.archived).toBe(true);
    const later = await create({ name: 'Later', type: 'performance', metric: 'sales', target: 1, reward_amount: 100, starts_at: '2026-06-01T00:00:00Z' });
    await evaluate(new Date('2026-05-01T00:00:00Z'));
    expect(await bountyRows(archived.id)).toHaveLength(0);
    expect(await bountyRows(later.id)).toHaveLength(0);
    await rest('POST', `/v1/bounties/${later.id}/archive`, {});
  });
});

describe('submission bounties', () => {
  it('racing submits make one; reject keeps a reason and writes nothing; approve writes the commission', async () => {
    const b = await create({ name: 'Review video', type: 'submission', reward_amount: 3000 });
    const a = portalOf(p.a.id);
    const bp = portalOf(p.b.id);
    const sub = await a.submitBountyProof({ bounty_id: b.id, proof_url: 'https://video.example.com/a' });
    expect(sub.data).toMatchObject({ status: 'pending', period_key: 'all', proof_url: 'https://video.example.com/a', affiliate_id: p.a.id });

    // two submits of B at once: one wins, the other is invalid_state
    const raced = await Promise.allSettled([
      bp.submitBountyProof({ bounty_id: b.id, proof_text: 'first' }),
      bp.submitBountyProof({ bounty_id: b.id, proof_text: 'second' }),
    ]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const live = await api.db.select().from(bountySubmissions).where(and(eq(bountySubmissions.bountyId, b.id), eq(bountySubmissions.affiliateId, p.b.id)));
    expect(live).toHaveLength(1);
    expect((await failure(bp.submitBountyProof({ bounty_id: b.id, proof_text: 'again' }))).error).toBe('invalid_state');
    expect((await failure(bp.submitBountyProof({ bounty_id: b.id }))).error).toBe('proof_required');

    // reject: the reason is required, then stored; nothing earned
    const noReason = await rest('PATCH', `/v1/bounty-submissions/${live[0].id}`, { status: 'rejected' });
    expect(noReason.body.error).toBe('rejection_reason_required');
    const rejected = await rest('PATCH', `/v1/bounty-submissions/${live[0].id}`, { status: 'rejected', rejection_reason: 'insufficient_proof', review_note: 'show the link' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejection_reason: 'insufficient_proof', review_note: 'show the link', commission_id: null });
    expect((await bountyRows(b.id)).filter((r) => r.affiliateId === p.b.id)).toHaveLength(0);
    // after a rejection B may submit again
    expect((await bp.submitBountyProof({ bounty_id: b.id, proof_text: 'better proof' })).data.status).toBe('pending');

    // approve: the commission is written with it
    const approved = await rest('PATCH', `/v1/bounty-submissions/${sub.data.id}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    const rows = await bountyRows(b.id);
    expect(rows).toHaveLength(1);
    expect(approved.body.data).toMatchObject({ status: 'approved', commission_id: rows[0].id });
    expect(rows[0]).toMatchObject({ affiliateId: p.a.id, amount: 3000, kind: 'bounty', periodKey: 'all', conversionId: null });
    const again = await rest('PATCH', `/v1/bounty-submissions/${sub.data.id}`, { status: 'rejected', rejection_reason: 'other' });
    expect(again.status).toBe(409);
    expect((await failure(a.submitBountyProof({ bounty_id: b.id, proof_text: 'twice' }))).error).toBe('invalid_state');

    const events = await api.db.select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.workspaceId, p.ws.id));
    const types = events.map((e) => e.type);
    for (const t of ['bounty_submission.created', 'bounty_submission.approved', 'bounty_submission.rejected', 'commission.created']) expect(types).toContain(t);

    const listed = await rest('GET', `/v1/bounties/${b.id}/submissions?status=pending`);
    expect(listed.body.data.map((s: { proof_text: string }) => s.proof_text)).toEqual(['better proof']);
    const report = await rest('GET', `/v1/bounties/${b.id}`);
    expect(report.body.data.report).toEqual({ submissions: { pending: 1, approved: 1, rejected: 1 }, affiliates_rewarded: 1, earned: [{ currency: 'usd', amount: 3000 }] });

    // the affiliate's own view: progress and its submissions, never another affiliate's
    const mine = await a.bounties({});
    const seen = mine.data.find((x) => x.id === b.id)!;
    expect(seen.progress).toMatchObject({ period_key: 'all', earned: true, progress: 10_000, total: null });
    expect(seen.submissions.map((s) => s.affiliate_id)).toEqual([p.a.id]);
    const key = await rest('POST', `/v1/affiliates/${p.b.id}/keys`, {});
    const viaKey = await api.call('GET', '/v1/affiliate/bounties', { token: key.body.data.token });
    expect(viaKey.status).toBe(200);
    const bSeen = viaKey.body.data.find((x: { id: string }) => x.id === b.id);
    expect(bSeen.progress.earned).toBe(false);
    expect(bSeen.submissions.map((s: { status: string }) => s.status)).toEqual(['pending', 'rejected']);
  });

  it('a performance bounty takes no submission, and an approval is refused when the period is paid already', async () => {
    const perf = await create({ name: 'Perf', type: 'performance', metric: 'leads', target: 5, reward_amount: 100 });
    expect((await failure(portalOf(p.a.id).submitBountyProof({ bounty_id: perf.id, proof_text: 'x' }))).error).toBe('link_not_found');
    const ended = await create({ name: 'Ended', type: 'submission', reward_amount: 100, starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' });
    expect((await failure(portalOf(p.a.id).submitBountyProof({ bounty_id: ended.id, proof_text: 'late' }))).error).toBe('invalid_state');
  });

  it("another workspace's bounty and submission are 404", async () => {
    const b = await create({ name: 'Ours', type: 'submission', reward_amount: 100 });
    const sub = await portalOf(p.a.id).submitBountyProof({ bounty_id: b.id, proof_text: 'mine' });
    for (const [method, path, body] of [
      ['GET', `/v1/bounties/${b.id}`],
      ['PATCH', `/v1/bounties/${b.id}`, { name: 'Theirs' }],
      ['POST', `/v1/bounties/${b.id}/archive`, {}],
      ['GET', `/v1/bounties/${b.id}/submissions`],
      ['PATCH', `/v1/bounty-submissions/${sub.data.id}`, { status: 'approved' }],
    ] as const) {
      const res = await rest(method, path, body, other.token);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('link_not_found');
    }
    expect((await failure(portalOf(other.a.id, other).submitBountyProof({ bounty_id: b.id, proof_text: 'x' }))).error).toBe('link_not_found');
    expect((await portalOf(other.a.id, other).bounties({})).data.map((x) => x.id)).not.toContain(b.id);
    // nothing changed
    const [stored] = await api.db.select().from(bountySubmissions).where(eq(bountySubmissions.id, sub.data.id));
    expect(stored.status).toBe('pending');
  });
});

describe('PATCH /v1/bounties/{id}', () => {
  it('changes the reward and dates, refuses a target on a submission bounty and any change once archived', async () => {
    const b = await create({ name: 'Editable', type: 'submission', reward_amount: 100 });
    const res = await rest('PATCH', `/v1/bounties/${b.id}`, { reward_amount: 250, ends_at: '2027-01-01T00:00:00Z' });
    expect(res.body.data).toMatchObject({ reward_amount: 250, ends_at: '2027-01-01T00:00:00.000Z' });
    expect((await rest('PATCH', `/v1/bounties/${b.id}`, { target: 3 })).body.error).toBe('invalid_request');
    expect((await rest('PATCH', `/v1/bounties/${b.id}`, { metric: 'sales' })).body.error).toBe('invalid_request');
    await rest('POST', `/v1/bounties/${b.id}/archive`, {});
    expect((await rest('PATCH', `/v1/bounties/${b.id}`, { name: 'Late' })).status).toBe(409);
  });
});
