import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliates, campaigns, commissionRules, commissions, conversions, importRefs, integrationCustomers, integrationEvents, payouts } from '@/db/schema';
import { WAIT_LIMIT_SECONDS } from '../../integrations/process-event';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { invoice, sid } from '../../testing/stripe/objects';
import { startFakeTolt, type FakeTolt } from '../../testing/tolt/fake-api';
import { toltAccount } from '../../testing/tolt/fixtures';
import { PeerApiError } from '../peer-http';
import { runImport } from '../run';
import { setCommissionRule } from '../../domain/rules/set-rule';
import { toltSource } from './source';
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

const KEY = 'tolt_key_test';
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
  const account = toltAccount(prefix, n);
  const fake: FakeTolt = await startFakeTolt(KEY, account);
  const shop = await h.shop({ prefix });
  const waits: number[] = [];
  // the workspace's currency (EUR here) is used only when the program names none: this one is in USD
  const source = toltSource({ apiKey: KEY, programId: account.programId, currency: 'EUR', baseUrl: fake.url, http: { sleep: async (ms) => void waits.push(ms) } });
  const run = (dryRun = false) => runImport({ db: h.api.db, workspaceId: shop.program.ws.id, source, dryRun });
  return { account, fake, shop, waits, run, ws: shop.program.ws.id };
}

const refsOf = async (ws: string, kind: string) =>
  new Map((await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, ws), eq(importRefs.kind, kind)))).map((r) => [r.externalId, r.localId]));

describe('importing a Tolt program', () => {
  it('a dry run reads every page, writes nothing, and says what it would add and what cannot come', async () => {
    const w = await world('dry');
    const before = await rowCounts(w.ws);
    const report = await w.run(true);
    expect(await rowCounts(w.ws)).toEqual(before);
    expect(report.added).toEqual({ campaign: 1, affiliate: 120, code: 120, referral: 240, commission: 120, payout: 30 });
    expect(report.stripeCustomersLinked).toBeNull();
    const reasons = report.unmappable.map((u) => `${u.kind}: ${u.reason}`);
    expect(reasons).toContain("campaign: commission flows (what partners earn, per group) are not in Tolt's REST API: no commission rule made, set the campaign's rule by hand");
    expect(reasons).toContain('affiliate: link ?via=drysecond: links here are ?ref=, so it is kept as the ref code drysecond');
    // cursor pages of 100 (the API's most), scoped to the program, the next one after the last id
    expect(w.fake.requests.filter((r) => r.startsWith('/v1/partners?'))).toEqual([
      `/v1/partners?program_id=${w.account.programId}&limit=100`,
      `/v1/partners?program_id=${w.account.programId}&limit=100&starting_after=part_dry99`,
    ]);
    await w.fake.close();
  });

  it('imports the program as a campaign, partners with status, payout e-mail, ref code and code, commissions with states and exact amounts, paid payouts as history', async () => {
    const w = await world('full');
    const other = await h.api.workspace();
    const otherBefore = await rowCounts(other.id);
    const report = await w.run();
    expect(report.added).toEqual({ campaign: 1, affiliate: 120, code: 119, referral: 240, commission: 120, payout: 30 });
    expect(report.unmappable.find((u) => u.kind === 'code')?.reason).toContain('active affiliates');

    const db = h.api.db;
    const campaignIds = await refsOf(w.ws, 'campaign');
    expect([...campaignIds.keys()]).toEqual([w.account.programId]);
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignIds.get(w.account.programId)!));
    expect(campaign.name).toBe('full partners');

    const affiliateIds = await refsOf(w.ws, 'affiliate');
    const rows = await db.select().from(affiliates).where(inArray(affiliates.id, [...affiliateIds.values()]));
    const [first, second, third, fourth] = w.account.partners.map((p) => rows.find((r) => r.id === affiliateIds.get(p.id))!);
    expect(fourth.refCode).toBe('fulltok3');
    expect(first).toMatchObject({ status: 'suspended', refCode: 'fulltok0', payoutEmail: 'full0.pay@example.com', email: 'full0@example.com', name: 'First0 Last', campaignId: campaign.id });
    expect(second).toMatchObject({ status: 'active', refCode: 'fulltok1' });
    const codes = await db.select().from(affiliateCodes).where(and(eq(affiliateCodes.affiliateId, third.id), eq(affiliateCodes.source, 'manager')));
    expect(codes.map((c) => c.code)).toEqual(['FULLCODE2']);

    // ?ref=<old link value> attributes to the imported affiliate, and so does the second link's value
    for (const [ref, owner] of [['fulltok2', third], ['fullsecond', second]] as const) {
      const click = await h.api.call('POST', '/v1/track/click', { token: w.shop.program.token, body: { ref } });
      expect(click.status).toBe(200);
      const sale = await h.api.call('POST', '/v1/track/sale', { token: w.shop.program.token, body: { external_id: `after-move-${ref}`, visitor_id: click.body.visitor_id, amount: 10_000 } });
      const [conv] = await db.select().from(conversions).where(eq(conversions.id, sale.body.conversion_id));
      expect(conv.affiliateId).toBe(owner.id);
    }

    const commissionIds = await refsOf(w.ws, 'commission');
    const imported = await db.select().from(commissions).where(inArray(commissions.id, [...commissionIds.values()]));
    const of = (i: number) => imported.find((c) => c.id === commissionIds.get(w.account.commissions[i].id))!;
    // the third's amount came as the string "2502": read exactly; the program's USD, not the workspace's EUR
    expect([0, 1, 2, 3].map((i) => [of(i).status, of(i).amount, of(i).currency])).toEqual([
      ['paid', 2500, 'usd'],
      ['approved', 2501, 'usd'],
      ['pending', 2502, 'usd'],
      ['denied', 2503, 'usd'],
    ]);
    const [sale0] = await db.select().from(conversions).where(eq(conversions.externalId, `tolt:${w.account.commissions[0].id}`));
    expect(sale0).toMatchObject({ amount: 10_000, currency: 'usd', customerId: w.account.customerOf(0) });
    const paid = await db.select().from(payouts).where(eq(payouts.workspaceId, w.ws));
    expect(paid).toHaveLength(30);
    expect(paid.every((p) => p.status === 'paid' && p.rail === 'manual' && p.paidAt && p.currency === 'usd')).toBe(true);
    expect(of(0).payoutId).toBe(paid.find((p) => p.affiliateId === first.id)!.id);
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(w.account.commissions.filter((c) => c.status === 'paid').reduce((s, c) => s + Number(c.amount), 0));

    const after = await rowCounts(w.ws);
    const again = await w.run();
    expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
    expect(again.alreadyImported).toMatchObject({ campaign: 1, affiliate: 120, commission: 120, payout: 30 });
    expect(await rowCounts(w.ws)).toEqual(after);
    expect(await rowCounts(other.id)).toEqual(otherBefore);
    await w.fake.close();
  });

  it('waits out a 429 as Retry-After says, then goes on', async () => {
    const w = await world('slow', 3);
    w.fake.rateLimitOnce('partners', '2');
    const report = await w.run();
    expect(w.waits).toEqual([2000]);
    expect(report.added.affiliate).toBe(3);
    expect(w.fake.requests.filter((r) => r.startsWith('/v1/partners?'))).toHaveLength(2);
    await w.fake.close();
  });

  it('a run that fails half way resumes on the next one with no duplicates', async () => {
    const w = await world('half');
    // programs (1 page), links (2), partners (2), codes (2), customers (3), commissions' first page; then the second fails
    w.fake.failAfter(11);
    await expect(w.run()).rejects.toBeInstanceOf(PeerApiError);
    const broken = await rowCounts(w.ws);
    expect(broken.commissions).toBe(100);
    expect(broken.payouts).toBe(0);
    w.fake.failAfter(null);
    const resumed = await w.run();
    expect(resumed.added).toMatchObject({ campaign: 0, affiliate: 0, commission: 20, payout: 30 });
    expect(await rowCounts(w.ws)).toMatchObject({ campaigns: 2, affiliates: 122, commissions: 120, conversions: 120, payouts: 30, integrationCustomers: 120 });
    await w.fake.close();
  });

  it('a renewal after the move earns the imported affiliate through the re-linked Stripe customer, under the rule set by hand', async () => {
    const w = await world('renew', 6);
    await w.run();
    const campaignId = (await refsOf(w.ws, 'campaign')).get(w.account.programId)!;
    // Tolt's commission flows are not in its API: the campaign's rule is set by hand, as the report asks
    await setCommissionRule({ ctx: w.shop.ctx, campaignId, change: { is_flat: false, amount: 25, length_type: 'lifetime' } });
    const local = (await refsOf(w.ws, 'affiliate')).get(w.account.partners[2].id)!;
    const renewal = invoice({ customer: w.account.customerOf(2), subscription: sid('sub'), billingReason: 'subscription_cycle', amountPaid: 10_000, paidAt: Math.floor(Date.now() / 1000) - 60 });
    const { event, res } = await w.shop.send('invoice.paid', renewal);
    expect(res.status).toBe(200);
    // customer 2 has an imported sale: it stands for the invoices before the move, decided at once
    expect((await w.shop.eventRow(event.id)).status).toBe('applied');
    const conv = await w.shop.conversionOf(renewal.id);
    expect(conv.affiliateId).toBe(local);
    const [earned] = await w.shop.commissionsOf(conv.id);
    expect(earned).toMatchObject({ amount: 2500, affiliateId: local });
    await w.fake.close();
  });

  it('links the Stripe customers whose `tolt_referral` metadata names an imported customer\'s click, so their renewals are attributed', async () => {
    const w = await world('meta', 4);
    const stripeApi = await startFakeStripe();
    setProviderApiBases({ stripe: stripeApi.url });
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    stripeApi.key(key);
    await saveIntegration({ ctx: w.shop.ctx, provider: stripe, patch: { apiKey: key } });
    // the lead of partner 2 (Tolt never saw it pay): Stripe's `tolt_referral` names its click; another key does not count
    stripeApi.account.customers.push(
      customer({ id: 'cus_metaknown', metadata: { tolt_referral: w.account.leadClickOf(2) } }),
      customer({ id: 'cus_metaother', metadata: { tolt_referral: 'not-a-referral' } }),
      customer({ id: 'cus_metanone', metadata: { fp_uid: w.account.leadClickOf(2) } }),
    );
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
    expect(conv.affiliateId).toBe((await refsOf(w.ws, 'affiliate')).get(w.account.partners[2].id));
    await w.fake.close();
    await stripeApi.close();
  });
});
