import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliates, campaigns, commissionRules, commissions, conversions, importRefs, integrationCustomers, integrationEvents, payouts } from '@/db/schema';
import { WAIT_LIMIT_SECONDS } from '../../integrations/process-event';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { invoice, sid } from '../../testing/stripe/objects';
import { startFakeRewardful, type FakeRewardful } from '../../testing/rewardful/fake-api';
import { rewardfulAccount } from '../../testing/rewardful/fixtures';
import { PeerApiError } from '../peer-http';
import { runImport } from '../run';
import { rewardfulSource } from './source';
import { startFakeStripe } from '../../testing/stripe/fake-api';
import { customer } from '../../testing/stripe/customers';
import { setProviderApiBases } from '../../integrations/provider-api';
import { saveIntegration } from '../../integrations/settings';
import { stripe } from '../../integrations/stripe/provider';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const SECRET = 'rw_secret_test';
const TABLES = { campaigns, commissionRules, affiliates, affiliateCodes, integrationCustomers, conversions, commissions, payouts, importRefs } as const;

async function rowCounts(workspaceId: string) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const t = table as PgTable & { workspaceId: typeof campaigns.workspaceId };
    out[name] = (await h.api.db.select({ n: count() }).from(t).where(eq(t.workspaceId, workspaceId)))[0].n;
  }
  return out;
}

async function world(prefix: string, n = 120) {
  const account = rewardfulAccount(prefix, n);
  const fake: FakeRewardful = await startFakeRewardful(SECRET, account);
  const shop = await h.shop({ prefix });
  const waits: number[] = [];
  const source = rewardfulSource({ apiKey: SECRET, baseUrl: fake.url, http: { sleep: async (ms) => void waits.push(ms) } });
  const run = (dryRun = false) => runImport({ db: h.api.db, workspaceId: shop.program.ws.id, source, dryRun });
  return { account, fake, shop, waits, run, ws: shop.program.ws.id };
}

describe('importing a Rewardful program', () => {
  it('a dry run reads every page, writes nothing, and says what it would add and what cannot come', async () => {
    const w = await world('dry');
    const before = await rowCounts(w.ws);
    const report = await w.run(true);
    expect(await rowCounts(w.ws)).toEqual(before);
    expect(report.added).toEqual({ campaign: 2, affiliate: 120, code: 120, referral: 240, commission: 120, payout: 30 });
    expect(report.stripeCustomersLinked).toBeNull();
    const reasons = report.unmappable.map((u) => `${u.kind}: ${u.reason}`);
    expect(reasons).toContain('campaign: max_commissions 3 per referral: rules limit by months, not by count');
    expect(reasons.some((r) => r.startsWith('payout: payout in state due'))).toBe(true);
    // pages of 100: two pages of affiliates, never more than the API's limit
    expect(w.fake.requests.filter((r) => r.startsWith('/v1/affiliates?'))).toEqual(['/v1/affiliates?page=1&limit=100', '/v1/affiliates?page=2&limit=100']);
    await w.fake.close();
  });

  it('imports campaigns as rules, affiliates with status, payout e-mail, ref code and coupon, commissions with states and amounts, payouts as paid history', async () => {
    const w = await world('full');
    const other = await h.api.workspace();
    const otherBefore = await rowCounts(other.id);
    const report = await w.run();
    expect(report.added).toEqual({ campaign: 2, affiliate: 120, code: 119, referral: 240, commission: 120, payout: 30 });
    expect(report.unmappable.find((u) => u.kind === 'code')?.reason).toContain('active affiliates');

    const db = h.api.db;
    const refs = async (kind: string) =>
      new Map((await db.select().from(importRefs).where(and(eq(importRefs.workspaceId, w.ws), eq(importRefs.kind, kind)))).map((r) => [r.externalId, r.localId]));
    const campaignIds = await refs('campaign');
    const [percentRule] = await db.select().from(commissionRules).where(eq(commissionRules.campaignId, campaignIds.get(w.account.campaigns[0].id)!));
    expect(percentRule).toMatchObject({ isFlat: false, amount: 2500, lengthType: 'limited', lengthMonths: 12 });
    const [flatRule] = await db.select().from(commissionRules).where(eq(commissionRules.campaignId, campaignIds.get(w.account.campaigns[1].id)!));
    expect(flatRule).toMatchObject({ isFlat: true, amount: 1500, currency: 'usd', lengthType: 'lifetime' });
    const [percentCampaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignIds.get(w.account.campaigns[0].id)!));
    expect(percentCampaign).toMatchObject({ name: 'full partners', cookieWindowDays: 60 });

    const affiliateIds = await refs('affiliate');
    const rows = await db.select().from(affiliates).where(inArray(affiliates.id, [...affiliateIds.values()]));
    const byPeer = new Map(w.account.affiliates.map((a) => [a.id, rows.find((r) => r.id === affiliateIds.get(a.id))!]));
    const [first, second, third, fourth] = w.account.affiliates.map((a) => byPeer.get(a.id)!);
    expect(fourth.refCode).toBe('fulltok3');
    expect(report.unmappable.filter((u) => u.kind === 'affiliate')).toEqual([]);
    expect(first).toMatchObject({ status: 'suspended', refCode: 'fulltok0', payoutEmail: 'full0.pay@example.com', email: 'full0@example.com', name: 'First0 Last' });
    expect(second).toMatchObject({ status: 'active', refCode: 'fulltok1', campaignId: campaignIds.get(w.account.campaigns[1].id) });
    const codes = await db.select().from(affiliateCodes).where(and(eq(affiliateCodes.affiliateId, third.id), eq(affiliateCodes.source, 'manager')));
    expect(codes.map((c) => c.code)).toEqual(['FULLCODE2']);

    // ?ref=<old token> attributes to the imported affiliate
    const click = await h.api.call('POST', '/v1/track/click', { token: w.shop.program.token, body: { ref: 'fulltok2' } });
    expect(click.status).toBe(200);
    const sale = await h.api.call('POST', '/v1/track/sale', { token: w.shop.program.token, body: { external_id: 'after-move-1', visitor_id: click.body.visitor_id, amount: 10_000 } });
    expect(sale.status).toBe(200);
    const [conv] = await db.select().from(conversions).where(eq(conversions.id, sale.body.conversion_id));
    expect(conv.affiliateId).toBe(third.id);
    // a second link's token is an alias: its clicks credit the same affiliate
    const aliasClick = await h.api.call('POST', '/v1/track/click', { token: w.shop.program.token, body: { ref: 'fullsecond' } });
    const aliasSale = await h.api.call('POST', '/v1/track/sale', { token: w.shop.program.token, body: { external_id: 'after-move-2', visitor_id: aliasClick.body.visitor_id, amount: 10_000 } });
    const [aliasConv] = await db.select().from(conversions).where(eq(conversions.id, aliasSale.body.conversion_id));
    expect(aliasConv.affiliateId).toBe(second.id);

    const commissionIds = await refs('commission');
    const imported = await db.select().from(commissions).where(inArray(commissions.id, [...commissionIds.values()]));
    const statusOf = (i: number) => imported.find((c) => c.id === commissionIds.get(w.account.commissions[i].id))!;
    expect([0, 1, 2, 3].map((i) => [statusOf(i).status, statusOf(i).amount, statusOf(i).currency])).toEqual([
      ['paid', 2500, 'usd'],
      ['approved', 1500, 'usd'],
      ['pending', 2502, 'usd'],
      ['denied', 1500, 'usd'],
    ]);
    const paid = await db.select().from(payouts).where(eq(payouts.workspaceId, w.ws));
    expect(paid).toHaveLength(30);
    expect(paid.every((p) => p.status === 'paid' && p.rail === 'manual' && p.paidAt)).toBe(true);
    expect(statusOf(0).payoutId).toBe(paid.find((p) => p.affiliateId === first.id)!.id);
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(w.account.payouts.filter((p) => p.state === 'paid').reduce((s, p) => s + p.amount, 0));

    // a second full run adds nothing; another workspace was never touched
    const after = await rowCounts(w.ws);
    const again = await w.run();
    expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
    expect(again.alreadyImported).toMatchObject({ campaign: 2, affiliate: 120, commission: 120, payout: 30 });
    expect(await rowCounts(w.ws)).toEqual(after);
    expect(await rowCounts(other.id)).toEqual(otherBefore);
    await w.fake.close();
  });

  it('waits out a 429 as Retry-After says, then goes on', async () => {
    const w = await world('slow', 3);
    w.fake.rateLimitOnce('affiliates', '2');
    const report = await w.run();
    expect(w.waits).toEqual([2000]);
    expect(report.added.affiliate).toBe(3);
    expect(w.fake.requests.filter((r) => r.startsWith('/v1/affiliates?'))).toHaveLength(2);
    await w.fake.close();
  });

  it('a run that fails half way resumes on the next one with no duplicates', async () => {
    const w = await world('half');
    // campaigns (1 page), affiliates (2), coupons (2), referrals (3), then the second commission page fails
    w.fake.failAfter(9);
    await expect(w.run()).rejects.toBeInstanceOf(PeerApiError);
    const broken = await rowCounts(w.ws);
    expect(broken.commissions).toBe(100);
    expect(broken.payouts).toBe(0);
    w.fake.failAfter(null);
    const resumed = await w.run();
    expect(resumed.added).toMatchObject({ campaign: 0, affiliate: 0, commission: 20, payout: 30 });
    const counts = await rowCounts(w.ws);
    expect(counts).toMatchObject({ campaigns: 3, affiliates: 122, commissions: 120, conversions: 120, payouts: 30, integrationCustomers: 120 });
    await w.fake.close();
  });

  it('two runs at once write each record once', async () => {
    const w = await world('twice', 30);
    const [one, two] = await Promise.all([w.run(), w.run()]);
    for (const kind of ['campaign', 'affiliate', 'code', 'referral', 'commission', 'payout'] as const) {
      expect(one.added[kind] + two.added[kind]).toBe({ campaign: 2, affiliate: 30, code: 29, referral: 60, commission: 30, payout: 8 }[kind]);
    }
    expect(await rowCounts(w.ws)).toMatchObject({ campaigns: 3, affiliates: 32, commissions: 30, conversions: 30, payouts: 8, integrationCustomers: 30 });
    await w.fake.close();
  });

  it('a renewal after the move earns the imported affiliate through the re-linked Stripe customer', async () => {
    const w = await world('renew', 6);
    // customer 4 has no commission: it is linked by its referral alone; customer 2 by its imported sale too
    w.fake.data.commissions = w.fake.data.commissions.filter((_, i) => i !== 4);
    await w.run();
    const local = async (i: number) =>
      (await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, w.ws), eq(importRefs.kind, 'affiliate'), eq(importRefs.externalId, w.account.affiliates[i].id))))[0].localId;
    for (const i of [2, 4]) {
      const paidAt = Math.floor(Date.now() / 1000) - 60;
      const renewal = invoice({ customer: w.account.customerOf(i), subscription: sid('sub'), billingReason: 'subscription_cycle', amountPaid: 10_000, paidAt });
      const { event, res } = await w.shop.send('invoice.paid', renewal);
      expect(res.status).toBe(200);
      // The subscription's earlier invoices were paid before the move, so Refcount never saw them.
      // Customer 2's imported sale stands for them: its renewal is decided at once. Customer 4 has
      // no imported sale: its renewal waits for them as for any referred subscription, and is
      // decided at the wait's end.
      expect((await w.shop.eventRow(event.id)).status).toBe(i === 2 ? 'applied' : 'waiting');
      if (i === 4) {
        const past = new Date(Date.now() - (WAIT_LIMIT_SECONDS + 60) * 1000);
        await h.api.db.update(integrationEvents).set({ receivedAt: past, nextAttemptAt: past }).where(eq(integrationEvents.eventId, event.id));
        await h.retry();
      }
      const conv = await w.shop.conversionOf(renewal.id);
      expect(conv.affiliateId).toBe(await local(i));
      const [earned] = await w.shop.commissionsOf(conv.id);
      // 25 % for 12 months: the imported campaign's rule (even indexes are in the percent campaign)
      expect(earned).toMatchObject({ amount: 2500, affiliateId: await local(i) });
    }
    await w.fake.close();
  });

  it('links the Stripe customers whose `referral` metadata names an imported referral, so their renewals are attributed', async () => {
    const w = await world('meta', 4);
    const stripeApi = await startFakeStripe();
    setProviderApiBases({ stripe: stripeApi.url });
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    stripeApi.key(key);
    await saveIntegration({ ctx: w.shop.ctx, provider: stripe, patch: { apiKey: key } });
    // the visitor referral of affiliate 2 (Rewardful never saw its customer): Stripe's metadata names it
    const visitor = w.account.referrals.filter((r) => r.affiliate?.id === w.account.affiliates[2].id && !r.stripe_customer_id)[0];
    const known = customer({ id: 'cus_metaknown', metadata: { referral: visitor.id } });
    stripeApi.account.customers.push(known, customer({ id: 'cus_metaother', metadata: { referral: 'not-a-referral' } }), customer({ id: 'cus_metanone' }));

    const dry = await w.run(true);
    expect(dry.stripeCustomersLinked).toBe(1);
    expect((await h.api.db.select().from(integrationCustomers).where(eq(integrationCustomers.customerId, 'cus_metaknown'))).length).toBe(0);
    const report = await w.run();
    expect(report.stripeCustomersLinked).toBe(1);
    const [link] = await h.api.db.select().from(integrationCustomers).where(and(eq(integrationCustomers.workspaceId, w.ws), eq(integrationCustomers.customerId, 'cus_metaknown')));
    expect(link.ref).toBe('metatok2');

    const renewal = invoice({ customer: 'cus_metaknown', subscription: sid('sub'), billingReason: 'subscription_cycle', amountPaid: 8_000, paidAt: Math.floor(Date.now() / 1000) - 60 });
    const { event } = await w.shop.send('invoice.paid', renewal);
    const past = new Date(Date.now() - (WAIT_LIMIT_SECONDS + 60) * 1000);
    await h.api.db.update(integrationEvents).set({ receivedAt: past, nextAttemptAt: past }).where(eq(integrationEvents.eventId, event.id));
    await h.retry();
    const conv = await w.shop.conversionOf(renewal.id);
    const [earned] = await w.shop.commissionsOf(conv.id);
    const [ref] = await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, w.ws), eq(importRefs.kind, 'affiliate'), eq(importRefs.externalId, w.account.affiliates[2].id)));
    expect(conv.affiliateId).toBe(ref.localId);
    // 25 % of 8,000: the imported percent campaign's rule
    expect(earned).toMatchObject({ amount: 2000, affiliateId: ref.localId });
    await w.fake.close();
    await stripeApi.close();
  });
});
