import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliates, campaigns, commissionRules, commissions, conversions, importRefs, integrationCustomers, integrationEvents, payouts } from '@/db/schema';
import { WAIT_LIMIT_SECONDS } from '../../integrations/process-event';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { invoice, sid } from '../../testing/stripe/objects';
import { startFakeFirstPromoter, type FakeFirstPromoter } from '../../testing/firstpromoter/fake-api';
import { firstPromoterAccount } from '../../testing/firstpromoter/fixtures';
import { PeerApiError } from '../peer-http';
import { runImport } from '../run';
import { firstPromoterSource } from './source';
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

const KEY = 'fp_key_test';
const ACCOUNT = 'acc_test_1';
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
  const account = firstPromoterAccount(prefix, n);
  const fake: FakeFirstPromoter = await startFakeFirstPromoter(KEY, ACCOUNT, account);
  const shop = await h.shop({ prefix });
  const waits: number[] = [];
  // FirstPromoter's amounts name no currency: the workspace's is passed in (the CLI reads it)
  const source = firstPromoterSource({ apiKey: KEY, accountId: ACCOUNT, currency: 'USD', baseUrl: fake.url, http: { sleep: async (ms) => void waits.push(ms) } });
  const run = (dryRun = false) => runImport({ db: h.api.db, workspaceId: shop.program.ws.id, source, dryRun });
  return { account, fake, shop, waits, run, ws: shop.program.ws.id };
}

describe('importing a FirstPromoter account', () => {
  it('a dry run reads every page, writes nothing, and says what it would add and what cannot come', async () => {
    const w = await world('dry');
    const before = await rowCounts(w.ws);
    const report = await w.run(true);
    expect(await rowCounts(w.ws)).toEqual(before);
    expect(report.added).toEqual({ campaign: 2, affiliate: 120, code: 120, referral: 240, commission: 120, payout: 30 });
    expect(report.stripeCustomersLinked).toBeNull();
    const reasons = report.unmappable.map((u) => `${u.kind}: ${u.reason}`);
    expect(reasons).toContain('campaign: reward "$15 per sale" is a flat 1500: the docs do not say whether in cents or in units, set the rule by hand');
    expect(reasons).toContain(`affiliate: also in campaign ${w.account.campaigns[0].id}: an affiliate has one campaign here, it is in ${w.account.campaigns[1].id}`);
    expect(reasons.some((r) => r.startsWith('payout: payout in status pending'))).toBe(true);
    // pages of 100 (the API's most), the last one short; read twice: affiliates, then their coupons
    const promoterPages = w.fake.requests.filter((r) => r.startsWith('/api/v2/company/promoters?'));
    expect(promoterPages).toEqual(Array(2).fill(['/api/v2/company/promoters?page=1&per_page=100', '/api/v2/company/promoters?page=2&per_page=100']).flat());
    // each promoter's selected PayPal method read once, with the filter the API requires
    expect(w.fake.requests.filter((r) => r.startsWith('/api/v2/company/payout_methods?filters%5Bpromoter_id%5D='))).toHaveLength(120);
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
    const [percentRule] = await db.select().from(commissionRules).where(eq(commissionRules.campaignId, campaignIds.get(String(w.account.campaigns[0].id))!));
    expect(percentRule).toMatchObject({ isFlat: false, amount: 2500, lengthType: 'lifetime' });
    const [flatRule] = await db.select().from(commissionRules).where(eq(commissionRules.campaignId, campaignIds.get(String(w.account.campaigns[1].id))!));
    // the flat reward's unit is not documented: no rule is guessed, the campaign keeps the workspace's default
    expect(flatRule?.isFlat ?? false).toBe(false);
    expect(flatRule?.amount).not.toBe(1500);
    const [percentCampaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignIds.get(String(w.account.campaigns[0].id))!));
    expect(percentCampaign).toMatchObject({ name: 'full partners', cookieWindowDays: 60 });

    const affiliateIds = await refs('affiliate');
    const rows = await db.select().from(affiliates).where(inArray(affiliates.id, [...affiliateIds.values()]));
    const byPeer = new Map(w.account.promoters.map((a) => [a.id, rows.find((r) => r.id === affiliateIds.get(String(a.id)))!]));
    const [first, second, third, fourth] = w.account.promoters.map((a) => byPeer.get(a.id)!);
    expect(fourth.refCode).toBe('fulltok3');
    expect(report.unmappable.filter((u) => u.kind === 'affiliate').map((u) => u.id)).toEqual([String(w.account.promoters[1].id)]);
    expect(first).toMatchObject({ status: 'suspended', refCode: 'fulltok0', payoutEmail: 'full0.pay@example.com', email: 'full0@example.com', name: 'First0 Last' });
    expect(second).toMatchObject({ status: 'active', refCode: 'fulltok1', campaignId: campaignIds.get(String(w.account.campaigns[1].id)) });
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
    const statusOf = (i: number) => imported.find((c) => c.id === commissionIds.get(String(w.account.commissions[i].id)))!;
    expect([0, 1, 2, 3].map((i) => [statusOf(i).status, statusOf(i).amount, statusOf(i).currency])).toEqual([
      ['paid', 2500, 'usd'],
      ['approved', 1500, 'usd'],
      ['pending', 2502, 'usd'],
      ['denied', 1500, 'usd'],
    ]);
    const paid = await db.select().from(payouts).where(eq(payouts.workspaceId, w.ws));
    expect(paid).toHaveLength(30);
    expect(paid.every((p) => p.status === 'paid' && p.rail === 'manual' && p.paidAt)).toBe(true);
    expect(paid.filter((p) => p.affiliateId === first.id).map((p) => p.amount)).toEqual([2500]);
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(w.account.payouts.filter((p) => p.status === 'completed').reduce((s, p) => s + p.amount, 0));

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
    w.fake.rateLimitOnce('promoters', '2');
    const report = await w.run();
    expect(w.waits).toEqual([2000]);
    expect(report.added.affiliate).toBe(3);
    // the first promoters page twice (429, then the answer), then the coupons' read once
    expect(w.fake.requests.filter((r) => r.startsWith('/api/v2/company/promoters?'))).toHaveLength(3);
    await w.fake.close();
  });

  it('a run that fails half way resumes on the next one with no duplicates', async () => {
    const w = await world('half');
    // rewards (1 page), campaigns (1), promoters (2), their coupons (2), referrals (3), commissions' first page; then the second fails
    w.fake.failAfter(10);
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
      (await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, w.ws), eq(importRefs.kind, 'affiliate'), eq(importRefs.externalId, String(w.account.promoters[i].id)))))[0].localId;
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

  it('links the Stripe customers whose `fp_uid` metadata names an imported referral, so their renewals are attributed', async () => {
    const w = await world('meta', 4);
    const stripeApi = await startFakeStripe();
    setProviderApiBases({ stripe: stripeApi.url });
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    stripeApi.key(key);
    await saveIntegration({ ctx: w.shop.ctx, provider: stripe, patch: { apiKey: key } });
    // the lead of promoter 2 (FirstPromoter never saw it pay): Stripe's `fp_uid` names its uid; another key does not count
    const known = customer({ id: 'cus_metaknown', metadata: { fp_uid: w.account.leadOf(2) } });
    stripeApi.account.customers.push(known, customer({ id: 'cus_metaother', metadata: { fp_uid: 'not-a-referral' } }), customer({ id: 'cus_metanone', metadata: { referral: w.account.leadOf(2) } }));

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
    const [ref] = await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, w.ws), eq(importRefs.kind, 'affiliate'), eq(importRefs.externalId, String(w.account.promoters[2].id))));
    expect(conv.affiliateId).toBe(ref.localId);
    // 25 % of 8,000: the imported percent campaign's rule
    expect(earned).toMatchObject({ amount: 2000, affiliateId: ref.localId });
    await w.fake.close();
    await stripeApi.close();
  });
});
