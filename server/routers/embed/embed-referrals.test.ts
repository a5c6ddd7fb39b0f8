import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, workspaceSettings } from '@/db/schema';
import { embedOptions, type EmbedOptions } from '../../contracts/embed';
import { openEmbed } from '../../domain/embed/open-embed';
import { signEmbedToken } from '../../domain/embed/token';
import { startTestApi, type TestApi } from '../../testing/api';
import { startProgram, type Program } from '../../testing/program';
import { failure, identityCaller } from '../../testing/session-caller';
import { createRequestContext } from '../../trpc/context';
import { createCallerFactory } from '../../trpc/init';
import { appRouter } from '../root';

// embed.referrals (docs/embedded-referrals.md): the embed token is its only credential;
// every bad token gets the one same answer; the token's options shape the answer itself.

process.env.NEXTAUTH_SECRET ||= 'embed-test-secret';
const HOST = 'https://app.example.com';
const HOUR = 3_600_000;

let api: TestApi;
let p: Program;
beforeAll(async () => {
  api = await startTestApi();
  p = await startProgram(api, { prefix: 'emb' });
  await api.db.update(workspaceSettings).set({ embedOrigins: [HOST, 'http://localhost:4000'] }).where(eq(workspaceSettings.workspaceId, p.ws.id));
  await p.track('click', { ref: p.a.ref, url: 'https://shop.example.com/?ref=emba' });
  await p.track('lead', { external_id: 'emb_lead', ref: p.a.ref });
  await p.track('sale', { external_id: 'emb_usd', ref: p.a.ref, amount: 10_000 });
  await p.track('sale', { external_id: 'emb_eur', ref: p.a.ref, amount: 20_000, currency: 'eur' });
  await p.track('sale', { external_id: 'emb_b', ref: p.b.ref, amount: 50_000 });
});
afterAll(() => api.close());

const version = async (affiliateId: string) => (await api.db.select({ v: affiliates.sessionVersion }).from(affiliates).where(eq(affiliates.id, affiliateId)))[0].v;
async function token(affiliateId: string, over: { options?: Partial<EmbedOptions>; origin?: string; now?: Date; workspaceId?: string } = {}) {
  const claims = {
    workspaceId: over.workspaceId ?? p.ws.id,
    affiliateId,
    sessionVersion: await version(affiliateId),
    origin: over.origin ?? HOST,
    options: embedOptions.parse(over.options ?? {}),
  };
  return signEmbedToken(claims, over.now).token;
}
const createCaller = createCallerFactory(appRouter);
const embed = (embedToken: string | null) => createCaller(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', embedToken })).embed;

describe('embed.referrals', () => {
  it("answers the token's affiliate: links, counts, earnings in every currency, payouts", async () => {
    const { object, data } = await embed(await token(p.a.id)).referrals();
    expect(object).toBe('embed_referrals');
    expect(data).toMatchObject({ origin: HOST, status: 'active', ref_code: 'emba', theme: 'light', counts: { clicks: 1, signups: 1, sales: 2 } });
    expect(data.links[0].url).toBe('https://shop.example.com/?ref=emba');
    // 30 % of each sale, each in its own currency: the EUR one is not dropped.
    expect(data.earnings).toEqual({
      credit: false,
      by_currency: [
        { currency: 'usd', pending: 3_000, approved: 0, paid: 0 },
        { currency: 'eur', pending: 6_000, approved: 0, paid: 0 },
      ],
    });
    expect(data.payouts).toMatchObject({ recent: [], method: { kind: 'manual', state: 'ready' }, tax_form: null });
    expect(data.payouts!.portal_url).toMatch(/\/portal$/);
    expect(data.strings.copy).toBe('Copy');
  });

  it("B's token shows B's numbers only", async () => {
    const { data } = await embed(await token(p.b.id)).referrals();
    expect(data.counts).toEqual({ clicks: 0, signups: 0, sales: 1 });
    expect(data.earnings!.by_currency).toEqual([{ currency: 'usd', pending: 15_000, approved: 0, paid: 0 }]);
  });

  it('hide_payouts leaves payout data out of the answer and words earnings as credit; hide_earnings leaves money out', async () => {
    const credit = (await embed(await token(p.a.id, { options: { hide_payouts: true } })).referrals()).data;
    expect(credit.payouts).toBeNull();
    expect(credit.earnings!.credit).toBe(true);
    // The words stay (a merchant may set them all once); no payout data does.
    expect(JSON.stringify({ ...credit, strings: null })).not.toMatch(/payout_method|tax_form|portal_url|"recent"/);
    const counts = (await embed(await token(p.a.id, { options: { hide_earnings: true, hide_payouts: true } })).referrals()).data;
    expect(counts.earnings).toBeNull();
    expect(counts.counts.sales).toBe(2);
  });

  it("applies the theme and the merchant's words over the defaults", async () => {
    const { data } = await embed(await token(p.a.id, { options: { theme: 'dark', strings: { copy: 'Kopieren', title: 'Freunde werben' } } })).referrals();
    expect(data.theme).toBe('dark');
    expect(data.strings).toMatchObject({ copy: 'Kopieren', title: 'Freunde werben', share: 'Share' });
  });

  it('a pending affiliate is answered with its status (the page says the application is under review)', async () => {
    const res = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: 'embpending@example.com', ref_code: 'embpending', status: 'pending' } });
    const id = res.body.affiliate_id ?? res.body.id ?? res.body.data?.id;
    expect((await embed(await token(id)).referrals()).data.status).toBe('pending');
  });

  it('answers the same 401 for no, forged, expired, other-origin, other-workspace and suspended tokens', async () => {
    const good = await token(p.a.id);
    const [body, mac] = good.slice('refe_'.length).split('.');
    const other = await api.workspace();
    const bad = {
      none: null,
      empty: '',
      forged: `refe_${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      expired: await token(p.a.id, { now: new Date(Date.now() - 2 * HOUR) }),
      unlisted: await token(p.a.id, { origin: 'https://evil.example' }),
      other_workspace: await token(p.a.id, { workspaceId: other.id }),
      not_a_token: 'refa_live_abc',
    };
    const answers = [];
    for (const [why, t] of Object.entries(bad)) answers.push([why, await failure(embed(t).referrals())]);
    for (const [why, a] of answers) expect(a, String(why)).toEqual({ status: 401, error: 'unauthorized' });

    const suspended = await api.call('POST', '/v1/affiliates', { token: p.token, body: { email: 'embsusp@example.com', ref_code: 'embsusp', status: 'active' } });
    const sid = suspended.body.affiliate_id ?? suspended.body.id ?? suspended.body.data?.id;
    const before = await token(sid);
    expect((await embed(before).referrals()).data.status).toBe('active');
    expect((await api.call('PATCH', `/v1/affiliates/${sid}`, { token: p.token, body: { status: 'suspended' } })).status).toBe(200);
    expect(await failure(embed(before).referrals())).toEqual({ status: 401, error: 'unauthorized' });
    // Reactivated: the old token stays dead (the session version moved), a new one works.
    await api.call('PATCH', `/v1/affiliates/${sid}`, { token: p.token, body: { status: 'active' } });
    expect(await failure(embed(before).referrals())).toEqual({ status: 401, error: 'unauthorized' });
    expect((await embed(await token(sid)).referrals()).data.status).toBe('active');
  });

  it('an origin taken off the list ends its tokens at once', async () => {
    const t = await token(p.a.id, { origin: 'http://localhost:4000' });
    expect(await openEmbed(api.db, t)).toMatchObject({ affiliateId: p.a.id, origin: 'http://localhost:4000' });
    await api.db.update(workspaceSettings).set({ embedOrigins: [HOST] }).where(eq(workspaceSettings.workspaceId, p.ws.id));
    expect(await openEmbed(api.db, t)).toBeNull();
    expect(await failure(embed(t).referrals())).toEqual({ status: 401, error: 'unauthorized' });
  });

  it("a portal session or a manager's session lends the embed nothing", async () => {
    const portal = identityCaller(api.services, { session: null, portal: { workspaceId: p.ws.id, affiliateId: p.a.id, sessionVersion: await version(p.a.id) } });
    expect(await failure(portal.embed.referrals())).toEqual({ status: 401, error: 'unauthorized' });
  });

  it('is not part of /v1', async () => {
    const doc = (await api.call('GET', '/v1/openapi.json')).body;
    expect(JSON.stringify(doc.paths)).not.toMatch(/embed\/referrals|embed_referrals/);
  });
});
