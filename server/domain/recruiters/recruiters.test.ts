import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayoutMethods, affiliates, auditEvents, commissions, groups } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { liveSum, startProgram, type Program } from '../../testing/program';
import { affiliateToken, seedClick } from '../../testing/seed';
import { applyToProgram } from '../affiliates/apply';
import { programByJoinKey } from '../settings/program-brand';
import { hasherFor } from '../tracking/hash';
import { recruiterTermsStats } from './terms';

// Two-tier commissions (docs/groups-bounties-recruiters.md#recruiters-two-tier), through the API.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://partners.example.com' });
});
afterAll(() => api.close());

type Terms = { type: 'percent_of_commission' | 'percent_of_sale' | 'flat_on_approval'; amount: number; currency?: string; months?: number | null };
const setTerms = (p: Program, t: Terms) =>
  api.db.update(groups)
    .set({ recruiterRewardType: t.type, recruiterAmount: t.amount, recruiterCurrency: t.currency ?? null, recruiterMonths: t.months ?? null })
    .where(eq(groups.workspaceId, p.ws.id));

const newAffiliate = async (p: Program, code: string, status = 'active') => {
  const res = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: `${code}@example.org`, name: code, ref_code: code, status, campaign_id: p.campaign.id } });
  expect(res.status).toBeLessThan(300);
  return (res.body.data.affiliate_id ?? res.body.data.id) as string;
};
const recruit = (p: Program, id: string, recruiter: string) => api.call('PATCH', `/v1/affiliates/${id}`, { token: p.token, body: { recruited_by: recruiter } });
const saleBy = async (p: Program, ref: string, externalId: string, amount = 10_000) => {
  const res = await p.track('sale', { external_id: externalId, ref, amount });
  expect(res.status).toBeLessThan(300);
  return res.body.conversion_id as string;
};
const recruiterLines = (p: Program, who: string) =>
  api.db.select().from(commissions).where(and(eq(commissions.workspaceId, p.ws.id), eq(commissions.affiliateId, who)));

describe('second-tier lines on a recruit\'s sale', () => {
  it('percent_of_commission: a share of the recruit\'s commission, pro rata on a partial refund, reversed with a full one', async () => {
    const p = await startProgram(api, { prefix: 'pc' });
    const r = await newAffiliate(p, 'pcrecruiter');
    await setTerms(p, { type: 'percent_of_commission', amount: 1_000 }); // 10 %
    expect((await recruit(p, p.a.id, r)).body.data).toMatchObject({ recruited_by: r });
    const conv = await saleBy(p, p.a.ref, 'pc1');
    let rows = await p.ledger(conv);
    expect(liveSum(rows, p.a.id)).toBe(3_000);
    expect(rows.find((c) => c.affiliateId === r)).toMatchObject({ kind: 'recruiter', amount: 300, computedAmount: 300, recruitId: p.a.id, conversionId: conv });
    await p.track('refund', { external_id: 'pc1', amount: 2_500 });
    rows = await p.ledger(conv);
    expect([liveSum(rows, p.a.id), liveSum(rows, r)]).toEqual([2_250, 225]);
    await p.track('refund', { external_id: 'pc1' });
    rows = await p.ledger(conv);
    expect([liveSum(rows, p.a.id), liveSum(rows, r)]).toEqual([0, 0]);
    expect(rows.find((c) => c.affiliateId === r)?.status).toBe('reversed');
    // the recruit's reports do not count the recruiter's line
    const report = await api.call('GET', '/v1/reports/summary', { token: p.token });
    expect(report.status).toBe(200);
  });

  it('percent_of_sale: a share of the sale\'s revenue basis; a recruited affiliate without terms earns its recruiter nothing', async () => {
    const p = await startProgram(api, { prefix: 'ps' });
    const r = await newAffiliate(p, 'psrecruiter');
    await recruit(p, p.a.id, r);
    const before = await saleBy(p, p.a.ref, 'ps0');
    expect((await p.ledger(before)).filter((c) => c.kind === 'recruiter')).toEqual([]);
    await setTerms(p, { type: 'percent_of_sale', amount: 500 }); // 5 %
    const conv = await saleBy(p, p.a.ref, 'ps1', 12_345);
    const line = (await p.ledger(conv)).find((c) => c.kind === 'recruiter');
    expect(line).toMatchObject({ affiliateId: r, amount: 617 }); // 5 % of 123.45, half up
    // an affiliate nobody recruited: no line
    const other = await saleBy(p, p.b.ref, 'ps2');
    expect((await p.ledger(other)).filter((c) => c.kind === 'recruiter')).toEqual([]);
  });

  it('limited months: nothing once the sale is past recruiter_months after the recruitment', async () => {
    const p = await startProgram(api, { prefix: 'lm' });
    const r = await newAffiliate(p, 'lmrecruiter');
    await setTerms(p, { type: 'percent_of_commission', amount: 1_000, months: 3 });
    await recruit(p, p.a.id, r);
    expect((await p.ledger(await saleBy(p, p.a.ref, 'lm1'))).some((c) => c.affiliateId === r)).toBe(true);
    await api.db.update(affiliates).set({ recruitedAt: new Date(Date.now() - 100 * 86_400_000) }).where(eq(affiliates.id, p.a.id));
    expect((await p.ledger(await saleBy(p, p.a.ref, 'lm2'))).some((c) => c.affiliateId === r)).toBe(false);
  });

  it('a refund after the payout: the recruiter\'s paid line gets a clawback (kind clawback, its recruit named)', async () => {
    const p = await startProgram(api, { prefix: 'cb' });
    const r = await newAffiliate(p, 'cbrecruiter');
    await setTerms(p, { type: 'percent_of_commission', amount: 2_000 });
    await recruit(p, p.a.id, r);
    const conv = await saleBy(p, p.a.ref, 'cb1');
    await api.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.conversionId, conv));
    await p.track('refund', { external_id: 'cb1', amount: 5_000 });
    let rows = await p.ledger(conv);
    const line = rows.find((c) => c.kind === 'recruiter')!;
    expect(rows.filter((c) => c.kind === 'clawback' && c.affiliateId === r)).toEqual([
      expect.objectContaining({ amount: -300, reversesCommissionId: line.id, recruitId: p.a.id }),
    ]);
    expect([liveSum(rows, p.a.id), liveSum(rows, r)]).toEqual([1_500, 300]);
    await p.track('refund', { external_id: 'cb1' });
    rows = await p.ledger(conv);
    expect([liveSum(rows, p.a.id), liveSum(rows, r)]).toEqual([0, 0]);
  });

  it('denying the recruit\'s commission denies the recruiter\'s line on it', async () => {
    const p = await startProgram(api, { prefix: 'dn' });
    await setTerms(p, { type: 'percent_of_commission', amount: 1_000 });
    await recruit(p, p.a.id, p.b.id);
    const conv = await saleBy(p, p.a.ref, 'dn1');
    const earning = (await p.ledger(conv)).find((c) => c.kind === 'earning')!;
    expect((await api.call('PATCH', `/v1/commissions/${earning.id}`, { token: p.token, body: { status: 'denied' } })).status).toBe(200);
    expect((await p.ledger(conv)).find((c) => c.kind === 'recruiter')).toMatchObject({ affiliateId: p.b.id, status: 'denied' });
  });

  it('one level only: A recruits B recruits C; on C\'s sale B earns, A earns nothing', async () => {
    const p = await startProgram(api, { prefix: 'ol' });
    const c = await newAffiliate(p, 'olc');
    await setTerms(p, { type: 'percent_of_commission', amount: 1_000 });
    await recruit(p, p.b.id, p.a.id);
    await recruit(p, c, p.b.id);
    const conv = await saleBy(p, 'olc', 'ol1');
    const rows = await p.ledger(conv);
    expect(rows.map((x) => [x.kind, x.affiliateId === c ? 'C' : x.affiliateId === p.b.id ? 'B' : 'A', x.amount]).sort()).toEqual([['earning', 'C', 3_000], ['recruiter', 'B', 300]]);
    // and B's own sale earns A
    const own = await saleBy(p, p.b.ref, 'ol2');
    expect((await p.ledger(own)).find((x) => x.kind === 'recruiter')).toMatchObject({ affiliateId: p.a.id, amount: 300 });
  });

  it('the leaderboard shows each affiliate\'s recruits and second-tier earnings, kept out of its commissions', async () => {
    const p = await startProgram(api, { prefix: 'lb' });
    await setTerms(p, { type: 'percent_of_commission', amount: 1_000 });
    await recruit(p, p.a.id, p.b.id);
    await saleBy(p, p.a.ref, 'lb1');
    await saleBy(p, p.b.ref, 'lb2', 1_000);
    const res = await api.call('GET', '/v1/reports/affiliates?sort=commissions', { token: p.token });
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.body.data.map((r: { affiliate_id: string }) => [r.affiliate_id, r]));
    expect(rows[p.a.id]).toMatchObject({ commissions: 3_000, recruits: 0, second_tier: 0 });
    expect(rows[p.b.id]).toMatchObject({ commissions: 300, recruits: 1, second_tier: 300 });
  });

  it('a workspace without recruiter terms pays no statement per sale for them (kept under rules_version)', async () => {
    const p = await startProgram(api, { prefix: 'nt' });
    await saleBy(p, p.a.ref, 'nt0');
    const { read } = recruiterTermsStats(api.db);
    for (const n of [1, 2, 3]) await saleBy(p, p.a.ref, `nt${n}`);
    expect(recruiterTermsStats(api.db).read).toBe(read);
    // terms appearing move rules_version: the next sale reads them again
    await setTerms(p, { type: 'percent_of_sale', amount: 100 });
    await saleBy(p, p.a.ref, 'nt4');
    expect(recruiterTermsStats(api.db).read).toBe(read + 1);
  });
});

describe('recruited_by', () => {
  it('is set once, never itself nor its own recruiter; another workspace\'s affiliate is unknown_resource', async () => {
    const p = await startProgram(api, { prefix: 'rb' });
    const q = await startProgram(api, { prefix: 'rbq' });
    const foreign = await recruit(p, p.a.id, q.a.id);
    expect([foreign.status, foreign.body.error?.type ?? foreign.body.error]).toEqual([404, 'unknown_resource']);
    expect((await recruit(p, p.a.id, p.a.id)).status).toBeGreaterThanOrEqual(400);
    expect((await recruit(p, p.a.id, p.b.id)).status).toBe(200);
    expect((await recruit(p, p.b.id, p.a.id)).status).toBeGreaterThanOrEqual(400); // a cycle
    const c = await newAffiliate(p, 'rbc');
    expect((await recruit(p, p.a.id, c)).status).toBeGreaterThanOrEqual(400); // already recruited
    expect((await recruit(p, p.a.id, p.b.id)).status).toBe(200); // repeating it is a no-op
  });

  it('a self-recruit records no recruiter and is flagged: same inbox, device, or payout method', async () => {
    const p = await startProgram(api, { prefix: 'sr' });
    const refused = async (id: string, recruiter: string) => {
      const res = await recruit(p, id, recruiter);
      expect(res.body.data.recruited_by).toBeNull();
      const [flag] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, 'affiliate.recruit_refused'), eq(auditEvents.targetId, id)));
      return (flag?.changes as { signals?: string[] } | undefined)?.signals;
    };
    // e-mail: the recruit's payout e-mail is the recruiter's sign-in inbox (another spelling)
    const e = await newAffiliate(p, 'sre');
    await api.call('PATCH', `/v1/affiliates/${e}`, { token: p.token, body: { payout_email: 'S.R.A+pay@example.com' } });
    await api.db.update(affiliates).set({ email: 'sra@gmail.com', normalisedEmail: 'sra@gmail.com' }).where(eq(affiliates.id, p.a.id));
    await api.call('PATCH', `/v1/affiliates/${e}`, { token: p.token, body: { payout_email: 's.r.a+pay@gmail.com' } });
    expect(await refused(e, p.a.id)).toEqual(['email']);
    // device: both click their links from one machine
    const d = await newAffiliate(p, 'srd');
    for (let i = 0; i < 6; i++) {
      await seedClick(api.db, { workspaceId: p.ws.id, affiliateId: p.b.id, campaignId: p.campaign.id }, { fingerprint: 'fp-shared' });
      await seedClick(api.db, { workspaceId: p.ws.id, affiliateId: d, campaignId: p.campaign.id }, { fingerprint: 'fp-shared' });
    }
    expect(await refused(d, p.b.id)).toEqual(['device']);
    // payout method: one Stripe account
    const m = await newAffiliate(p, 'srm');
    const r = await newAffiliate(p, 'srmr');
    for (const who of [m, r]) await api.db.insert(affiliatePayoutMethods).values({ workspaceId: p.ws.id, affiliateId: who, kind: 'stripe_connect', stripeAccountId: 'acct_same' });
    expect(await refused(m, r)).toEqual(['payout_method']);
  });
});

describe('the recruit link and the flat reward on approval', () => {
  async function program(slug: string, auto: boolean) {
    const p = await startProgram(api, { prefix: slug, settings: { join_slug: slug, auto_approve_affiliates: auto } });
    return p;
  }

  it('an applicant through ?via= is recruited; auto-approved, its recruiter earns the flat reward once; the recruiter sees it', async () => {
    const p = await program('vialink', true);
    await setTerms(p, { type: 'flat_on_approval', amount: 2_500, currency: 'usd' });
    const brand = (await programByJoinKey(api.db, 'vialink'))!;
    await applyToProgram(api.db, { program: brand, application: { email: 'newbie@example.net', name: 'Newbie', via: p.a.ref.toUpperCase(), signupIp: '10.0.0.1' }, publicUrl: 'https://partners.example.com' });
    const [row] = await api.db.select().from(affiliates).where(and(eq(affiliates.workspaceId, p.ws.id), eq(affiliates.email, 'newbie@example.net')));
    expect(row).toMatchObject({ recruitedBy: p.a.id, status: 'active' });
    const flat = await api.db.select().from(commissions).where(and(eq(commissions.workspaceId, p.ws.id), isNull(commissions.conversionId)));
    expect(flat).toEqual([expect.objectContaining({ affiliateId: p.a.id, recruitId: row.id, kind: 'recruiter', amount: 2_500 })]);
    // the recruiter's own view
    const token = await affiliateToken(api.db, p.ws.id, p.a.id);
    const mine = await api.call('GET', '/v1/affiliate/recruits', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.recruit_url).toBe(`https://partners.example.com/join/vialink?via=${p.a.ref}`);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: row.id, status: 'active', earned: [{ currency: 'usd', amount: 2_500 }] })]);
    // B recruited nobody
    expect((await api.call('GET', '/v1/affiliate/recruits', { token: await affiliateToken(api.db, p.ws.id, p.b.id) })).body.data).toEqual([]);
  });

  it('an applicant from the recruiter\'s own address is not recruited, and flagged', async () => {
    const p = await program('viaself', false);
    const hash = await hasherFor({ ctx: { db: api.db, workspaceId: p.ws.id } });
    for (let i = 0; i < 6; i++) await seedClick(api.db, { workspaceId: p.ws.id, affiliateId: p.a.id, campaignId: p.campaign.id }, { ipHash: hash('203.0.113.9') });
    const brand = (await programByJoinKey(api.db, 'viaself'))!;
    await applyToProgram(api.db, { program: brand, application: { email: 'alt@example.net', name: 'Alt', via: p.a.ref, signupIp: '203.0.113.9' }, publicUrl: 'https://x.example.com' });
    const [row] = await api.db.select().from(affiliates).where(and(eq(affiliates.workspaceId, p.ws.id), eq(affiliates.email, 'alt@example.net')));
    expect(row.recruitedBy).toBeNull();
    const [flag] = await api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, p.ws.id), eq(auditEvents.action, 'affiliate.recruit_refused')));
    expect(flag.changes).toMatchObject({ recruiter_id: p.a.id, signals: ['device'] });
  });

  it('racing approvals write one flat reward', async () => {
    const p = await startProgram(api, { prefix: 'ra' });
    await setTerms(p, { type: 'flat_on_approval', amount: 1_000 });
    const pending = await newAffiliate(p, 'rapending', 'pending');
    await recruit(p, pending, p.a.id);
    const answers = await Promise.all([1, 2, 3].map(() => api.call('PATCH', `/v1/affiliates/${pending}`, { token: p.token, body: { status: 'active' } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // suspended and approved again: still one
    await api.call('PATCH', `/v1/affiliates/${pending}`, { token: p.token, body: { status: 'suspended' } });
    await api.call('PATCH', `/v1/affiliates/${pending}`, { token: p.token, body: { status: 'active' } });
    const lines = (await recruiterLines(p, p.a.id)).filter((c) => c.kind === 'recruiter');
    expect(lines).toEqual([expect.objectContaining({ amount: 1_000, recruitId: pending, conversionId: null })]);
  });
});
