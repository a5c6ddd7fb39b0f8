import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodes, affiliates, campaigns, commissionRules, commissions, conversions, importRefs, integrationCustomers, integrationEvents, payouts } from '@/db/schema';
import { setCommissionRule } from '../../domain/rules/set-rule';
import { WAIT_LIMIT_SECONDS } from '../../integrations/process-event';
import { setProviderApiBases } from '../../integrations/provider-api';
import { saveIntegration } from '../../integrations/settings';
import { stripe } from '../../integrations/stripe/provider';
import { startFakePartnerStack, type FakePartnerStack } from '../../testing/partnerstack/fake-api';
import { partnerStackAccount } from '../../testing/partnerstack/fixtures';
import { customer } from '../../testing/stripe/customers';
import { startFakeStripe } from '../../testing/stripe/fake-api';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { invoice, sid } from '../../testing/stripe/objects';
import { PeerApiError } from '../peer-http';
import { runImport } from '../run';
import { partnerStackSource } from './source';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

const PUBLIC = 'pk_ps_test';
const SECRET = 'sk_ps_test';
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
  const account = partnerStackAccount(prefix, n);
  const fake: FakePartnerStack = await startFakePartnerStack(PUBLIC, SECRET, account);
  const shop = await h.shop({ prefix });
  const waits: number[] = [];
  const source = partnerStackSource({ apiKey: `${PUBLIC}:${SECRET}`, baseUrl: fake.url, http: { sleep: async (ms) => void waits.push(ms) } });
  const run = (dryRun = false) => runImport({ db: h.api.db, workspaceId: shop.program.ws.id, source, dryRun });
  const refs = async (kind: string) =>
    new Map((await h.api.db.select().from(importRefs).where(and(eq(importRefs.workspaceId, shop.program.ws.id), eq(importRefs.source, 'partnerstack'), eq(importRefs.kind, kind)))).map((r) => [r.externalId, r.localId]));
  return { account, fake, shop, waits, run, refs, ws: shop.program.ws.id };
}

describe('importing a PartnerStack program', () => {
  it('a dry run reads every page by cursor, writes nothing, and says what it would add and what cannot come', async () => {
    const w = await world('psdry');
    // an amount that is not whole cents is listed, never rounded
    w.fake.data.rewards.push({ ...w.account.rewards[1], key: 'rwrd_psdryfraction', amount: 12.5 });
    const before = await rowCounts(w.ws);
    const report = await w.run(true);
    expect(await rowCounts(w.ws)).toEqual(before);
    expect(report.added).toEqual({ campaign: 2, affiliate: 120, code: 60, referral: 120, commission: 120, payout: 30 });
    expect(report.stripeCustomersLinked).toBeNull();
    const reasons = report.unmappable.map((u) => `${u.kind} ${u.id}: ${u.reason}`);
    expect(reasons).toContain("campaign grup_psdrymain: PartnerStack's API does not give a group's reward terms: no commission rule made, set the campaign's rule by hand");
    expect(reasons).toContain('referral cust_psdrynone: a customer no partner referred');
    expect(reasons.some((r) => r.startsWith('commission rwrd_psdrysignup: a reward not earned on a sale ($5 for every sign up)'))).toBe(true);
    expect(reasons).toContain('commission rwrd_psdryfraction: amount 12.5 (sale 9901) is not a whole number of cents');
    expect(reasons).toContain('payout pout_psdrydue: payout in status pending: not paid yet, its rewards come over as they are and are paid from here');
    // pages of 100 by cursor: the second page starts after the first page's last key
    expect(w.fake.requests.filter((r) => r.startsWith('/api/v2/partnerships?'))).toEqual([
      '/api/v2/partnerships?limit=100',
      '/api/v2/partnerships?limit=100&starting_after=part_psdry99',
      '/api/v2/partnerships?limit=100',
      '/api/v2/partnerships?limit=100&starting_after=part_psdry99',
    ]);
    await w.fake.close();
  });

  it('imports groups as campaigns, partnerships with status, payout e-mail, partner key and coupon, rewards with states and amounts, payouts as paid history', async () => {
    const w = await world('psfull');
    const other = await h.api.workspace();
    const otherBefore = await rowCounts(other.id);
    const report = await w.run();
    expect(report.added).toEqual({ campaign: 2, affiliate: 120, code: 59, referral: 120, commission: 120, payout: 30 });
    // partner 0 is archived (suspended here): its coupon cannot live
    expect(report.unmappable.filter((u) => u.kind === 'code').map((u) => u.id)).toEqual(['part_psfull0:coupon']);

    const db = h.api.db;
    const campaignIds = await w.refs('campaign');
    const [main] = await db.select().from(campaigns).where(eq(campaigns.id, campaignIds.get('grup_psfullmain')!));
    expect(main).toMatchObject({ name: 'psfull partners' });
    // no terms in PartnerStack's API: no rule was guessed
    expect(await db.select().from(commissionRules).where(inArray(commissionRules.campaignId, [...campaignIds.values()]))).toEqual([]);

    const affiliateIds = await w.refs('affiliate');
    const rows = await db.select().from(affiliates).where(inArray(affiliates.id, [...affiliateIds.values()]));
    const local = (i: number) => rows.find((r) => r.id === affiliateIds.get(w.account.partnerships[i].key))!;
    expect(report.unmappable.filter((u) => u.kind === 'affiliate')).toEqual([]);
    expect(local(0)).toMatchObject({ status: 'suspended', refCode: 'psfullkey0', payoutEmail: 'psfull0@example.com', email: 'psfull0@example.com', name: 'First0 Last' });
    expect(local(1)).toMatchObject({ status: 'active', refCode: 'psfullkey1', campaignId: campaignIds.get('grup_psfullold') });
    expect(local(3).refCode).toBe('psfullkey3');
    const codes = await db.select().from(affiliateCodes).where(and(eq(affiliateCodes.affiliateId, local(2).id), eq(affiliateCodes.source, 'manager')));
    expect(codes.map((c) => c.code)).toEqual(['PSFULLCODE2']);

    // ?ref=<partner key> attributes to the imported affiliate (the mixed-case key too)
    for (const i of [2, 3]) {
      const click = await h.api.call('POST', '/v1/track/click', { token: w.shop.program.token, body: { ref: w.account.partnerKeyOf(i) } });
      expect(click.status).toBe(200);
      const sale = await h.api.call('POST', '/v1/track/sale', { token: w.shop.program.token, body: { external_id: `after-move-${i}`, visitor_id: click.body.visitor_id, amount: 10_000 } });
      const [conv] = await db.select().from(conversions).where(eq(conversions.id, sale.body.conversion_id));
      expect(conv.affiliateId).toBe(local(i).id);
    }

    // referred customers linked to their partner's affiliate
    const [link] = await db.select().from(integrationCustomers).where(and(eq(integrationCustomers.workspaceId, w.ws), eq(integrationCustomers.customerId, w.account.customerOf(5))));
    expect(link.ref).toBe('psfullkey5');

    const commissionIds = await w.refs('commission');
    const imported = await db.select().from(commissions).where(inArray(commissions.id, [...commissionIds.values()]));
    const earned = (i: number) => imported.find((c) => c.id === commissionIds.get(w.account.rewards[i].key))!;
    expect([0, 1, 2, 3].map((i) => [earned(i).status, earned(i).amount, earned(i).currency])).toEqual([
      ['paid', 1990, 'usd'],
      ['approved', 1991, 'usd'],
      ['pending', 1992, 'usd'],
      ['denied', 1993, 'usd'],
    ]);
    const [sale1] = await db.select().from(conversions).where(eq(conversions.id, earned(1).conversionId!));
    expect(sale1).toMatchObject({ amount: 9901, currency: 'usd', customerId: w.account.customerOf(1), affiliateId: local(1).id, externalId: 'partnerstack:rwrd_psfull1' });
    const paid = await db.select().from(payouts).where(eq(payouts.workspaceId, w.ws));
    expect(paid).toHaveLength(30);
    expect(paid.every((p) => p.status === 'paid' && p.rail === 'manual' && p.paidAt && p.currency === 'usd')).toBe(true);
    expect(earned(0).payoutId).toBe(paid.find((p) => p.affiliateId === local(0).id)!.id);
    expect(paid.reduce((s, p) => s + p.amount, 0)).toBe(w.account.payouts.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0));

    // a second full run adds nothing; another workspace was never touched
    const after = await rowCounts(w.ws);
    const again = await w.run();
    expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
    expect(again.alreadyImported).toMatchObject({ campaign: 2, affiliate: 120, referral: 120, commission: 120, payout: 30 });
    expect(await rowCounts(w.ws)).toEqual(after);
    expect(await rowCounts(other.id)).toEqual(otherBefore);
    await w.fake.close();
  });

  it('waits out a 429 as Retry-After says, then goes on', async () => {
    const w = await world('psslow', 3);
    w.fake.rateLimitOnce('partnerships', '3');
    const report = await w.run();
    expect(w.waits).toEqual([3000]);
    expect(report.added.affiliate).toBe(3);
    // the refused call, its retry, then the codes' read of the same list
    expect(w.fake.requests.filter((r) => r.startsWith('/api/v2/partnerships?'))).toHaveLength(3);
    await w.fake.close();
  });

  it('refuses a key that is not "public:secret", and the fake refuses wrong keys', async () => {
    const w = await world('pskey', 2);
    const noColon = partnerStackSource({ apiKey: SECRET, baseUrl: w.fake.url });
    await expect(runImport({ db: h.api.db, workspaceId: w.ws, source: noColon })).rejects.toThrow('"public_key:secret_key"');
    const wrong = partnerStackSource({ apiKey: `${PUBLIC}:nope`, baseUrl: w.fake.url });
    await expect(runImport({ db: h.api.db, workspaceId: w.ws, source: wrong })).rejects.toMatchObject({ status: 401 });
    await w.fake.close();
  });

  it('a run that fails half way resumes on the next one with no duplicates, and a third run adds nothing', async () => {
    const w = await world('pshalf');
    // groups (1 page), partnerships (2) twice, customers (2), transactions (2), then the second rewards page fails
    w.fake.failAfter(10);
    await expect(w.run()).rejects.toBeInstanceOf(PeerApiError);
    const broken = await rowCounts(w.ws);
    expect(broken.commissions).toBe(100);
    expect(broken.payouts).toBe(0);
    w.fake.failAfter(null);
    const resumed = await w.run();
    expect(resumed.added).toMatchObject({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 20, payout: 30 });
    const counts = await rowCounts(w.ws);
    expect(counts).toMatchObject({ campaigns: 3, affiliates: 122, affiliateCodes: 59, commissions: 120, conversions: 120, payouts: 30, integrationCustomers: 120 });
    const third = await w.run();
    expect(third.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
    expect(await rowCounts(w.ws)).toEqual(counts);
    await w.fake.close();
  });

  it('a renewal after the move earns the imported affiliate through the Stripe customer re-linked by `customer_key`', async () => {
    const w = await world('psmeta', 6);
    // partner 2's customer: PartnerStack never saw its Stripe id, only Stripe's metadata names it
    const known = w.account.customers[2];
    known.provider_key = null;
    w.fake.data.rewards = w.fake.data.rewards.filter((r) => r.customer_key !== known.customer_key);
    const stripeApi = await startFakeStripe();
    setProviderApiBases({ stripe: stripeApi.url });
    const key = `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
    stripeApi.key(key);
    await saveIntegration({ ctx: w.shop.ctx, provider: stripe, patch: { apiKey: key } });
    stripeApi.account.customers.push(
      customer({ id: 'cus_psmetaknown', metadata: { customer_key: known.customer_key } }),
      customer({ id: 'cus_psmetaother', metadata: { customer_key: 'cust_nobody' } }),
      customer({ id: 'cus_psmetanone' }),
    );

    const dry = await w.run(true);
    expect(dry.stripeCustomersLinked).toBe(1);
    expect((await h.api.db.select().from(integrationCustomers).where(eq(integrationCustomers.customerId, 'cus_psmetaknown'))).length).toBe(0);
    const report = await w.run();
    expect(report.stripeCustomersLinked).toBe(1);
    const [link] = await h.api.db.select().from(integrationCustomers).where(and(eq(integrationCustomers.workspaceId, w.ws), eq(integrationCustomers.customerId, 'cus_psmetaknown')));
    expect(link.ref).toBe('psmetakey2');

    // the group came without terms: the manager sets its rule, as the report asks, before renewals come
    const campaignId = (await w.refs('campaign')).get('grup_psmetamain')!;
    await setCommissionRule({ ctx: w.shop.ctx, campaignId, change: { is_flat: false, amount: 20, length_type: 'lifetime' } });
    const affiliateId = (await w.refs('affiliate')).get(w.account.partnerships[2].key);

    const renewal = invoice({ customer: 'cus_psmetaknown', subscription: sid('sub'), billingReason: 'subscription_cycle', amountPaid: 8_000, paidAt: Math.floor(Date.now() / 1000) - 60 });
    const { event, res } = await w.shop.send('invoice.paid', renewal);
    expect(res.status).toBe(200);
    // linked by its customer key alone (no imported sale): it waits for the invoices before the move, then is decided
    expect((await w.shop.eventRow(event.id)).status).toBe('waiting');
    const past = new Date(Date.now() - (WAIT_LIMIT_SECONDS + 60) * 1000);
    await h.api.db.update(integrationEvents).set({ receivedAt: past, nextAttemptAt: past }).where(eq(integrationEvents.eventId, event.id));
    await h.retry();
    const conv = await w.shop.conversionOf(renewal.id);
    expect(conv.affiliateId).toBe(affiliateId);
    const [earned] = await w.shop.commissionsOf(conv.id);
    // 20 % of 8,000 under the imported campaign's rule
    expect(earned).toMatchObject({ amount: 1600, affiliateId });

    // a customer PartnerStack reported with a sale: its renewal is decided at once
    const withSale = invoice({ customer: w.account.customerOf(4), subscription: sid('sub'), billingReason: 'subscription_cycle', amountPaid: 5_000, paidAt: Math.floor(Date.now() / 1000) - 60 });
    const sent = await w.shop.send('invoice.paid', withSale);
    expect((await w.shop.eventRow(sent.event.id)).status).toBe('applied');
    expect((await w.shop.conversionOf(withSale.id)).affiliateId).toBe((await w.refs('affiliate')).get(w.account.partnerships[4].key));
    await w.fake.close();
    await stripeApi.close();
  });
});
