import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayoutMethods, auditEvents, emailOutbox, payouts } from '@/db/schema';
import { setProviderApiBases } from '../../integrations/provider-api';
import { saveIntegration } from '../../integrations/settings';
import { stripe } from '../../integrations/stripe/provider';
import { seedCommission, seedConversion } from '../../testing/seed';
import { failure, portalCaller } from '../../testing/session-caller';
import { startFakeStripe, type FakeStripe } from '../../testing/stripe/fake-api';
import { stripeEvent } from '../../testing/stripe/event';
import { startStripeHarness, type Shop, type StripeHarness } from '../../testing/stripe/harness';
import { sid } from '../../testing/stripe/objects';

// Issue 46, point 1: payout methods per affiliate (docs/paying-affiliates.md#payout-methods),
// against the official Stripe client and the local fake of the Connect endpoints.

let h: StripeHarness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await startStripeHarness();
  fake = await startFakeStripe();
  setProviderApiBases({ stripe: fake.url });
});
afterAll(async () => {
  await fake.close();
  await h.close();
});

const CONNECT_SECRET = 'whsec_connect_9a8b7c6d5e4f3a2b1c0d9e8f7a6b';
const newKey = () => `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;

/** A shop with a Stripe API key (as `withheld` allows) and the Connect endpoint's secret. */
async function connected(prefix: string, withheld: Parameters<FakeStripe['key']>[1] = []) {
  const shop = await h.shop({ prefix });
  const key = newKey();
  fake.key(key, withheld);
  await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { connectSecret: CONNECT_SECRET } });
  await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: key } });
  return { shop, key, ...parts(shop) };
}

function parts(shop: Shop) {
  const ws = shop.program.ws.id;
  const portalOf = (affiliateId: string) => portalCaller(h.api, { workspaceId: ws, affiliateId }).portal;
  const methodRow = async (affiliateId: string) =>
    (await h.api.db.select().from(affiliatePayoutMethods).where(and(eq(affiliatePayoutMethods.workspaceId, ws), eq(affiliatePayoutMethods.affiliateId, affiliateId))))[0];
  const audits = async () => h.api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws), eq(auditEvents.action, 'payout_method.updated')));
  const mails = async () => h.api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, ws), eq(emailOutbox.kind, 'paypal_confirmation')));
  const accountEvent = (account: object) => shop.deliver(stripeEvent('account.updated', account as never, { account: (account as { id: string }).id }), CONNECT_SECRET);
  const earn = async (affiliateId: string, amount: number) => {
    const conv = await seedConversion(h.api.db, { workspaceId: ws, affiliateId, campaignId: shop.program.campaign.id });
    return seedCommission(h.api.db, { workspaceId: ws, affiliateId, conversionId: conv.id }, { amount, status: 'approved' });
  };
  return { ws, portalOf, methodRow, audits, mails, accountEvent, earn };
}

const tokenOf = (body: string) => decodeURIComponent(/confirm_paypal=([^\s]+)/.exec(body)![1]);

describe('payout methods', () => {
  it('an affiliate without a method is manual and ready, to the manager and the portal; another workspace cannot read it', async () => {
    const { shop, portalOf } = await connected('pm0');
    const api = await h.api.call('GET', `/v1/affiliates/${shop.program.a.id}/payout-method`, { token: shop.program.token });
    expect(api.status).toBe(200);
    expect(api.body.data).toMatchObject({ affiliate_id: shop.program.a.id, kind: 'manual', state: 'ready', stripe_account_id: null });
    expect((await portalOf(shop.program.a.id).payoutMethod({})).data).toMatchObject({ kind: 'manual', state: 'ready' });
    const other = await h.shop({ prefix: 'pm0x' });
    expect((await h.api.call('GET', `/v1/affiliates/${shop.program.a.id}/payout-method`, { token: other.program.token })).status).toBe(404);
    expect((await h.api.call('GET', '/v1/affiliates/not-a-uuid/payout-method', { token: shop.program.token })).status).toBe(404);
  });

  it('PayPal waits for the e-mailed link; the confirmed address is ready; a stale or foreign link confirms nothing', async () => {
    const { shop, portalOf, methodRow, audits, mails } = await connected('pm1');
    const a = shop.program.a.id;
    const b = shop.program.b.id;
    // bad input: refused, nothing written
    expect(await failure(portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'not an address' }))).toMatchObject({ status: 400 });
    expect(await methodRow(a)).toBeUndefined();
    const chosen = await portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'old@pay.example.com' });
    expect(chosen.data).toMatchObject({ kind: 'paypal', state: 'setting_up', paypal_receiver: 'old@pay.example.com', paypal_confirmed_at: null });
    const [first] = await mails();
    expect(first).toMatchObject({ to: 'old@pay.example.com' });
    expect(first.body).toContain(`${h.api.services.config.publicUrl}/portal?confirm_paypal=`);
    const oldToken = tokenOf(first.body);
    // a new address: the old link confirms nothing
    await portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'new@pay.example.com' });
    const newToken = tokenOf((await mails()).find((m) => m.to === 'new@pay.example.com')!.body);
    expect(await failure(portalOf(a).confirmPaypal({ token: oldToken }))).toMatchObject({ status: 409, error: 'invalid_state' });
    // another affiliate cannot use it, nor can a forged one
    expect(await failure(portalOf(b).confirmPaypal({ token: newToken }))).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await failure(portalOf(a).confirmPaypal({ token: 'v1.forged.token.value' }))).toMatchObject({ status: 400 });
    expect(await methodRow(a)).toMatchObject({ state: 'setting_up', paypalConfirmedAt: null });
    expect(await methodRow(b)).toBeUndefined();
    const confirmed = await portalOf(a).confirmPaypal({ token: newToken });
    expect(confirmed.data).toMatchObject({ kind: 'paypal', state: 'ready', paypal_receiver: 'new@pay.example.com' });
    expect(confirmed.data.paypal_confirmed_at).not.toBeNull();
    // choosing the confirmed address again sends nothing and changes nothing
    const before = (await mails()).length;
    await portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'new@pay.example.com' });
    expect(await mails()).toHaveLength(before);
    expect((await audits()).map((e) => [e.actorType, e.actorId, e.targetId])).toEqual(Array(3).fill(['affiliate', a, a]));
    // manual again: ready, PayPal forgotten
    expect((await portalOf(a).choosePayoutMethod({ kind: 'manual' })).data).toMatchObject({ kind: 'manual', state: 'ready', paypal_receiver: null });
    // a PayPal payer id is no address: its link goes to the affiliate's own e-mail
    expect((await portalOf(b).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'ABCDEFGHJK123' })).data).toMatchObject({ paypal_receiver: 'ABCDEFGHJK123', state: 'setting_up' });
    const payerMail = (await mails()).find((m) => m.to === 'pm1b@example.com')!;
    expect(payerMail.body).toContain('confirm_paypal=');
    expect((await portalOf(b).confirmPaypal({ token: tokenOf(payerMail.body) })).data).toMatchObject({ state: 'ready' });
  });

  it("PayPal confirmations spend the e-mailing forms' budget per address: a flood is refused and changes nothing", async () => {
    const { shop, portalOf, methodRow, mails } = await connected('pm8');
    const a = shop.program.a.id;
    for (let i = 0; i < 3; i++) await portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'flood@pay.example.com' });
    const before = await methodRow(a);
    const sent = (await mails()).length;
    expect(await failure(portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'flood@pay.example.com' }))).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(await mails()).toHaveLength(sent);
    expect(await methodRow(a)).toEqual(before);
  });

  it('Stripe: one Express account per affiliate, a fresh onboarding link each time; recipient agreement outside the US', async () => {
    const { shop, portalOf, methodRow, audits } = await connected('pm2');
    const a = shop.program.a.id;
    const accountsMade = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts' && r.body?.metadata && (r.body.metadata as Record<string, string>).refcount_affiliate_id === a);
    const first = await portalOf(a).startStripeOnboarding({ country: 'de' });
    expect(first.data).toMatchObject({ kind: 'stripe_connect', state: 'setting_up', country: 'DE' });
    const account = first.data.stripe_account_id!;
    expect(first.url).toBe(`${fake.url}/onboarding/${account}`);
    const [made] = accountsMade();
    expect(made.body).toMatchObject({ type: 'express', country: 'DE', capabilities: { transfers: { requested: 'true' } }, tos_acceptance: { service_agreement: 'recipient' } });
    expect(made.idempotencyKey).toBe(`refcount-express-account-${a}`);
    const link = fake.connect.links.at(-1)!;
    expect(link).toMatchObject({ account, return_url: `${h.api.services.config.publicUrl}/portal?stripe=return`, refresh_url: `${h.api.services.config.publicUrl}/portal?stripe=refresh` });
    // asked again (the refresh URL): the same account, a new link
    const links = fake.connect.links.length;
    const again = await portalOf(a).startStripeOnboarding({ country: 'DE' });
    expect(again.data.stripe_account_id).toBe(account);
    expect(accountsMade()).toHaveLength(1);
    expect(fake.connect.links.length).toBe(links + 1);
    // the account's country cannot move: refused, nothing changed
    expect(await failure(portalOf(a).startStripeOnboarding({ country: 'FR' }))).toMatchObject({ status: 400 });
    expect(await methodRow(a)).toMatchObject({ stripeAccountId: account, country: 'DE' });
    expect(accountsMade()).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
    // a US affiliate: the full agreement (no tos_acceptance)
    await portalOf(shop.program.b.id).startStripeOnboarding({ country: 'US' });
    const us = fake.requests.filter((r) => r.path === '/v1/accounts' && (r.body?.metadata as Record<string, string>)?.refcount_affiliate_id === shop.program.b.id);
    expect(us).toHaveLength(1);
    expect(us[0].body).not.toHaveProperty('tos_acceptance');
  });

  it('Stripe refused without an API key or the Connect permission: nothing written', async () => {
    const bare = await h.shop({ prefix: 'pm3' });
    const p = parts(bare);
    expect(await failure(p.portalOf(bare.program.a.id).startStripeOnboarding({ country: 'US' }))).toMatchObject({ status: 409, error: 'invalid_state' });
    expect(await p.methodRow(bare.program.a.id)).toBeUndefined();
    const { shop, portalOf, methodRow, audits } = await connected('pm4', ['connect_write']);
    expect(await failure(portalOf(shop.program.a.id).startStripeOnboarding({ country: 'US' }))).toMatchObject({ status: 409, error: 'invalid_state' });
    expect(await methodRow(shop.program.a.id)).toBeUndefined();
    expect(await audits()).toHaveLength(0);
    expect(await failure(portalOf(shop.program.a.id).startStripeOnboarding({ country: 'USA' }))).toMatchObject({ status: 400 });
  });

  it("account.updated makes the method ready or restricted with Stripe's reason; another workspace's event changes nothing", async () => {
    const { shop, portalOf, methodRow, accountEvent } = await connected('pm5');
    const a = shop.program.a.id;
    const { data } = await portalOf(a).startStripeOnboarding({ country: 'GB' });
    const account = data.stripe_account_id!;
    // another workspace (its own Connect endpoint) hears of the account: ignored there, nothing changes here
    const other = await connected('pm5x');
    const elsewhere = await other.accountEvent(fake.connect.complete(account));
    expect(elsewhere.body).toMatchObject({ status: 'ignored', action: 'no_payout_method' });
    expect(await methodRow(a)).toMatchObject({ state: 'setting_up' });
    // restricted: Stripe's reason and what it needs
    const restricted = await accountEvent(fake.connect.restrict(account, 'requirements.past_due', ['individual.id_number']));
    expect(restricted.body).toMatchObject({ status: 'applied', action: 'payout_method_updated' });
    expect(await methodRow(a)).toMatchObject({ state: 'restricted', stateReason: 'requirements.past_due; Stripe needs: individual.id_number' });
    const manager = await h.api.call('GET', `/v1/affiliates/${a}/payout-method`, { token: shop.program.token });
    expect(manager.body.data).toMatchObject({ state: 'restricted', state_reason: 'requirements.past_due; Stripe needs: individual.id_number' });
    await accountEvent(fake.connect.complete(account));
    expect(await methodRow(a)).toMatchObject({ state: 'ready', stateReason: null });
    // an older event arriving late: the account is read as Stripe has it now, still ready
    const stale = { ...fake.connect.accounts.find((x) => x.id === account)!, payouts_enabled: false, capabilities: { transfers: 'inactive' } };
    expect((await accountEvent(stale)).body).toMatchObject({ status: 'applied' });
    expect(await methodRow(a)).toMatchObject({ state: 'ready' });
    // a new onboarding link keeps the ready state Stripe has
    expect((await portalOf(a).startStripeOnboarding({ country: 'GB' })).data).toMatchObject({ state: 'ready' });
    // manual chosen since: Stripe's events leave the method alone; back to Stripe, ready at once
    await portalOf(a).choosePayoutMethod({ kind: 'manual' });
    expect((await accountEvent(fake.connect.restrict(account, 'rejected.fraud', []))).body).toMatchObject({ status: 'ignored', action: 'payout_method_not_stripe' });
    expect(await methodRow(a)).toMatchObject({ kind: 'manual', state: 'ready', stripeAccountId: account });
    await accountEvent(fake.connect.complete(account));
    expect((await portalOf(a).startStripeOnboarding({ country: 'GB' })).data).toMatchObject({ kind: 'stripe_connect', state: 'ready', stripe_account_id: account });
    // without an API key the event's own copy of the account decides
    await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: null } });
    const sent = { ...fake.connect.accounts.find((x) => x.id === account)!, payouts_enabled: false, details_submitted: true, requirements: { disabled_reason: 'requirements.past_due', currently_due: ['external_account'] } };
    await accountEvent(sent);
    expect(await methodRow(a)).toMatchObject({ state: 'restricted', stateReason: 'requirements.past_due; Stripe needs: external_account' });
  });

  it("the fake's onboarding page completes the account, lets account.updated arrive, and returns to the portal", async () => {
    const { shop, portalOf, methodRow, accountEvent } = await connected('pm6');
    const a = shop.program.a.id;
    const { url } = await portalOf(a).startStripeOnboarding({ country: 'US' });
    fake.connect.onOnboarded = async (account) => void (await accountEvent(account));
    const res = await fetch(url, { redirect: 'manual' });
    fake.connect.onOnboarded = undefined;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${h.api.services.config.publicUrl}/portal?stripe=return`);
    expect(await methodRow(a)).toMatchObject({ state: 'ready' });
  });

  it('the batch skips an affiliate whose method is not ready (no_payout_method) and still pays the manual one', async () => {
    const { shop, portalOf, earn, ws, mails } = await connected('pm7');
    const [a, b] = [shop.program.a.id, shop.program.b.id];
    await earn(a, 5000);
    await earn(b, 7000);
    await portalOf(a).choosePayoutMethod({ kind: 'paypal', paypal_receiver: 'a@pay.example.com' });
    const preview = await h.api.call('GET', '/v1/payouts/preview', { token: shop.program.token });
    expect(preview.status).toBe(200);
    expect(preview.body.data.skipped.map((s: { affiliate_id: string; reason: string; amount: number }) => [s.affiliate_id, s.reason, s.amount])).toEqual([[a, 'no_payout_method', 5000]]);
    expect(preview.body.data.payouts.map((p: { affiliate_id: string }) => p.affiliate_id)).toEqual([b]);
    const made = await h.api.call('POST', '/v1/payouts', { token: shop.program.token });
    expect(made.status).toBe(201);
    const rows = await h.api.db.select().from(payouts).where(eq(payouts.workspaceId, ws));
    expect(rows.map((p) => [p.affiliateId, p.amount])).toEqual([[b, 7000]]);
    // confirmed: the next batch pays it
    const token = tokenOf((await mails()).find((m) => m.to === 'a@pay.example.com')!.body);
    await portalOf(a).confirmPaypal({ token });
    expect((await h.api.call('POST', '/v1/payouts', { token: shop.program.token })).status).toBe(201);
    const after = await h.api.db.select().from(payouts).where(eq(payouts.workspaceId, ws));
    expect(after.map((p) => [p.affiliateId, p.amount]).sort()).toEqual([[a, 5000], [b, 7000]].sort());
  });
});
