import { and, eq, sql } from 'drizzle-orm';
import { affiliates, emailOutbox, integrationEvents, integrations, users } from '@/db/schema';
import { hashToken } from '../auth/tokens';
import { reissueInviteLink } from '../domain/team/invite-link';
import { createAffiliateKey } from '../domain/keys/affiliate-keys';
import { createWorkspaceKey } from '../domain/keys/workspace-keys';
import { createUser } from '../domain/users/users';
import { choosePaypal } from '../domain/payouts/methods';
import { paddle } from '../integrations/paddle/provider';
import { stripe } from '../integrations/stripe/provider';
import { saveIntegration } from '../integrations/settings';
import { setProviderApiBases } from '../integrations/provider-api';
import { ctxOf, type Actor, type WalkCase, type WalkFixture } from './audit-walk-fixture';
import { PARTNER_CASES } from './audit-walk-partners';
import { TEST_ACTOR } from './seed';
import { SECRET } from './stripe/harness';
import { startFakeStripe, type FakeStripe } from './stripe/fake-api';
import { promotionCode } from './stripe/payments';

// Test support for server/routers/audit-events/every-write-audited.test.ts: one valid call of
// every mutation of the root router, and the few that are no write, each with its reason.

export type { Actor, WalkFixture } from './audit-walk-fixture';

/** Mutations that are no write of managed data, each with why. */
export const NOT_AUDITED: Record<string, string> = {
  'commissionRules.preview': 'a pure preview: computes commissions for a sample sale and writes nothing',
  'webhooks.test': 'sends one signed ping; the delivery log is its record and no managed record changes',
  'webhooks.redeliver': 'sends an existing delivery again; the delivery log records the attempt, no managed record changes',
  'team.requestPasswordReset': 'anonymous: e-mails a one-time link (the outbox row is its record); nobody is known to act yet',
  'portal.requestSignInLink': 'anonymous: e-mails a one-time link (the outbox row is its record); nobody is known to act yet',
  'emailTemplates.preview': 'a pure preview: renders an e-mail with sample values and writes nothing',
};

let linkFake: FakeStripe | undefined;
let connectFake: FakeStripe | undefined;
const sale = async (f: WalkFixture, externalId: string) => f.p.sale(externalId, 10_000);
const teammate = (f: WalkFixture, email: string) => createUser(f.api.db, { email, password: 'password-1', workspaceId: f.p.ws.id, role: 'viewer' });
const commissionOf = async (f: WalkFixture, externalId: string) => (await f.p.ledger(await sale(f, externalId)))[0].id as string;
const newCampaign = async (f: WalkFixture, name: string) => (await f.rest('POST', '/v1/campaigns', { name })).data.id as string;
const newWebhook = async (f: WalkFixture) => (await f.rest('POST', '/v1/webhooks', { url: 'https://127.0.0.1:9/hook', events: ['*'] })).data.id as string;
const userByEmail = async (f: WalkFixture, email: string): Promise<Actor> => {
  const [u] = await f.api.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  return { type: 'user', id: u.id };
};

export const WALK: Record<string, WalkCase> = {
  // /v1, with the workspace key
  'campaigns.create': { input: () => ({ name: 'Walked campaign' }) },
  'campaigns.update': { input: (f) => ({ id: f.p.campaign.id, name: 'Main, renamed' }) },
  'campaigns.setStatus': { input: async (f) => ({ id: await newCampaign(f, 'To pause'), status: 'paused' }) },
  'campaigns.setAttributionModel': { input: (f) => ({ id: f.p.campaign.id, attribution_model: 'first_click' }) },
  'affiliates.invite': { input: (f) => ({ email: 'walk-invited@example.com', campaign_id: f.p.campaign.id }) },
  'affiliates.create': { input: (f) => ({ email: 'walk-created@example.com', name: 'Created', campaign_id: f.p.campaign.id }) },
  'affiliates.update': { input: (f) => ({ id: f.p.a.id, name: 'A, renamed' }) },
  'affiliates.bulkUpdate': {
    input: async (f) => ({ ids: [(await f.rest('POST', '/v1/affiliates', { email: 'walk-bulk@example.com', status: 'pending' })).data.id], action: 'approve' }),
  },
  'affiliates.createKey': { input: (f) => ({ id: f.p.a.id }) },
  'affiliates.linkCode': {
    input: async (f) => {
      // a Stripe of its own for this call, closed once the call is made (the walk reaches no Stripe otherwise)
      const fake = await startFakeStripe();
      linkFake = fake;
      setProviderApiBases({ stripe: fake.url });
      fake.key('rk_test_walk0000000000000000Zq9');
      await saveIntegration({ ctx: ctxOf(f), provider: stripe, patch: { secret: SECRET, apiKey: 'rk_test_walk0000000000000000Zq9' } });
      const promo = promotionCode({ code: 'WALKLINK' });
      fake.account.promotionCodes.push(promo);
      return { id: f.p.a.id, provider: 'stripe', provider_code_id: promo.id };
    },
    actor: async (f) => {
      await linkFake?.close();
      return { type: 'api_key', id: f.key.id };
    },
  },
  'affiliates.revokeKey': {
    input: async (f) => ({ id: f.p.a.id, key_id: (await createAffiliateKey({ ctx: ctxOf(f), affiliateId: f.p.a.id })).key.id }),
  },
  'affiliates.createCode': { input: (f) => ({ id: f.p.a.id, code: 'WALKCREATED' }) },
  'affiliates.deactivateCode': {
    input: async (f) => ({ id: f.p.a.id, code_id: (await f.rest('POST', `/v1/affiliates/${f.p.a.id}/codes`, { code: 'WALKOFF' })).data.id }),
  },
  'affiliates.setBillingCustomer': { input: (f) => ({ id: f.p.a.id, provider: 'stripe', customer_id: 'cus_WalkedAffiliate1' }) },
  'links.create': { input: (f) => ({ affiliate_id: f.p.a.id }) },
  // makes a new affiliate for a tenant (the token itself is no write: a reissue for it audits nothing)
  'embedTokens.create': {
    input: async (f) => {
      await f.rest('PATCH', '/v1/settings', { embed_origins: ['https://walk.example.com'] });
      return { tenant_id: 'walk-tenant', email: 'walk-embedded@example.com', campaign_id: f.p.campaign.id };
    },
  },
  'commissionRules.set': { input: (f) => ({ id: f.p.campaign.id, amount: 25 }) },
  'commissionRules.delete': {
    input: async (f) => {
      const id = await newCampaign(f, 'Rule to delete');
      return { id, rule_id: (await f.rest('PUT', `/v1/campaigns/${id}/commission-rule`, { amount: 10 })).data.id };
    },
  },
  'rewards.create': { input: () => ({ name: 'Walked reward', terms: { amount: 10 } }) },
  'rewards.update': { input: async (f) => ({ id: (await f.rest('POST', '/v1/rewards', { name: 'Reward', terms: { amount: 5 } })).data.id, name: 'Reward, renamed' }) },
  ...PARTNER_CASES,
  'products.setPolicy': { input: () => ({ commission_unmapped_products: false }) },
  'products.create': { input: () => ({ provider_product_id: 'prod_walk_created', name: 'Walked product' }) },
  'products.update': { input: async (f) => ({ id: (await f.rest('POST', '/v1/products', { provider_product_id: 'prod_walk', name: 'Product' })).data.id, name: 'Product, renamed' }) },
  'emailTemplates.update': { input: () => ({ kind: 'commission_earned', enabled: false, subject: 'You earned {{commission.amount}}' }) },
  'broadcasts.create': { input: () => ({ subject: 'Walked news', text: 'Hello {{affiliate.name}}' }) },
  'settings.update': { input: () => ({ min_payout: 2 }) }, // hold_days stays 0: the payouts below need it
  'webhooks.create': { input: () => ({ url: 'https://127.0.0.1:9/created', events: ['*'] }) },
  'webhooks.update': { input: async (f) => ({ id: await newWebhook(f), description: 'Walked' }) },
  'webhooks.delete': { input: async (f) => ({ id: await newWebhook(f) }) },
  'webhooks.rotateSecret': { input: async (f) => ({ id: await newWebhook(f) }) },
  'conversions.update': { input: async (f) => ({ id: await sale(f, 'walk-reattributed'), affiliate_id: f.p.b.id }) },
  'conversions.refund': { input: async (f) => ({ id: await sale(f, 'walk-refunded'), amount: 2_500 }) },
  'commissions.update': { input: async (f) => ({ id: await commissionOf(f, 'walk-approved'), status: 'approved' }) },
  'commissions.bulkReview': { input: async (f) => ({ ids: [await commissionOf(f, 'walk-bulk')], status: 'approved' }) },
  'payouts.create': {
    input: async (f) => {
      await f.rest('PATCH', `/v1/commissions/${await commissionOf(f, 'walk-paid-out')}`, { status: 'approved' });
      return {};
    },
  },
  'payouts.setStatus': {
    input: async (f) => {
      await f.rest('PATCH', `/v1/commissions/${await commissionOf(f, 'walk-settled')}`, { status: 'approved' });
      return { id: (await f.rest('POST', '/v1/payouts', {})).data[0].id, status: 'paid' };
    },
  },
  'payouts.bulkStatus': {
    input: async (f) => {
      await f.rest('PATCH', `/v1/commissions/${await commissionOf(f, 'walk-bulk-paid')}`, { status: 'approved' });
      return { ids: [(await f.rest('POST', '/v1/payouts', {})).data[0].id], status: 'paid', reference: 'WALK-BULK' };
    },
  },
  'payouts.undo': {
    input: async (f) => {
      await f.rest('PATCH', `/v1/commissions/${await commissionOf(f, 'walk-undone')}`, { status: 'approved' });
      const id = (await f.rest('POST', '/v1/payouts', {})).data[0].id;
      await f.rest('POST', `/v1/payouts/${id}/status`, { status: 'paid', reference: 'WALK-UNDO' });
      return { id };
    },
  },
  'payouts.sendBatch': {
    input: async (f) => {
      await f.rest('PATCH', `/v1/commissions/${await commissionOf(f, 'walk-sent')}`, { status: 'approved' });
      // a manual line only: the batch is sent (audited) without calling a provider
      return { id: (await f.rest('POST', '/v1/payouts', {})).data[0].batch_id, confirm: true };
    },
  },
  'risk.assess': { input: (f) => ({ affiliate_id: f.p.a.id }) },
  'risk.dismiss': { input: async (f) => ({ id: (await f.rest('POST', '/v1/risk/assessments', { affiliate_id: f.p.b.id })).data.id }) },

  // the dashboard, as a signed-in member
  'team.addMember': { via: 'session', input: () => ({ email: 'walk-member@example.com', password: 'password-1', role: 'viewer' }) },
  'team.removeMember': { via: 'session', input: async (f) => ({ user_id: (await teammate(f, 'walk-removed@example.com')).id }) },
  'team.changeMemberRole': { via: 'session', input: async (f) => ({ user_id: (await teammate(f, 'walk-promoted@example.com')).id, role: 'admin' }) },
  'team.createKey': { via: 'session', input: () => ({ scopes: ['read'] }) },
  'team.revokeKey': { via: 'session', input: async (f) => ({ id: (await createWorkspaceKey({ ctx: ctxOf(f), input: { scopes: ['read'] } })).key.id }) },
  'team.inviteLink': { via: 'session', input: (f) => ({ affiliate_id: f.p.b.id }) },
  'onboarding.sendTestSale': { via: 'session', input: () => ({}) },
  'integrations.save': { via: 'session', input: () => ({ provider: 'stripe', secret: SECRET }) },
  'integrations.remove': {
    via: 'session',
    input: async (f) => {
      await saveIntegration({ ctx: ctxOf(f), provider: paddle, patch: { secret: 'pdl_ntfset_01hwalk000000000000000000_s3cr3t' } });
      return { provider: 'paddle' };
    },
  },
  'integrations.startBackfill': {
    via: 'session',
    input: async (f) => {
      await saveIntegration({ ctx: ctxOf(f), provider: stripe, patch: { secret: SECRET } });
      // a key as saving one leaves it (saving checks it at Stripe; the walk reaches no Stripe)
      await f.api.db.update(integrations).set({ apiKeySealed: 'walk-sealed-key', apiKeyHint: '…walk' }).where(and(eq(integrations.workspaceId, f.p.ws.id), eq(integrations.provider, 'stripe')));
      return { provider: 'stripe', since: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) };
    },
  },
  // a dry run, queued (no job runs in the walk); the key is sealed in the row, never in the entry
  'imports.start': { via: 'session', input: () => ({ peer: 'rewardful', api_key: 'rw_walk_secret', dry_run: true }) },
  'integrations.replay': {
    via: 'session',
    input: async (f) => {
      const [row] = await f.api.db
        .insert(integrationEvents)
        .values({ workspaceId: f.p.ws.id, provider: 'stripe', eventId: 'evt_walk', type: 'customer.created', livemode: true, occurredAt: new Date(), payload: {}, status: 'ignored' })
        .returning();
      return { provider: 'stripe', id: row.id };
    },
  },

  // the affiliate portal, as affiliate B
  'portal.createLink': { via: 'portal', input: () => ({ sub_id: 'walk' }) },
  'portal.setPayoutEmail': { via: 'portal', input: () => ({ payout_email: 'walk-b-pay@example.com' }) },
  'portal.submitTaxForm': {
    via: 'portal',
    input: () => ({ kind: 'w8ben', legal_name: 'Walk B', country: 'DE', tax_id: 'DE-WALK-1', signature_name: 'walk b', signed_on: new Date().toISOString().slice(0, 10) }),
  },
  'portal.createKey': { via: 'portal', input: () => ({}) },
  'portal.chooseCode': { via: 'portal', input: () => ({ code: 'WALKCHOSEN' }) },
  'portal.choosePayoutMethod': { via: 'portal', input: () => ({ kind: 'paypal', paypal_receiver: 'walk-b-paypal@example.com' }) },
  'portal.confirmPaypal': {
    via: 'portal',
    input: async (f) => {
      const ctx = { db: f.api.db, workspaceId: f.p.ws.id, actor: { kind: 'affiliate' as const, affiliateId: f.p.b.id } };
      await choosePaypal({ ctx, affiliateId: f.p.b.id, receiver: 'walk-b-confirm@example.com', publicUrl: 'https://refcount.example.com' });
      const [mail] = await f.api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, f.p.ws.id), eq(emailOutbox.to, 'walk-b-confirm@example.com')));
      return { token: decodeURIComponent(/confirm_paypal=(\S+)/.exec(mail.body)![1]) };
    },
  },
  'portal.startStripeOnboarding': {
    via: 'portal',
    input: async (f) => {
      // a Stripe of its own for this call, closed once the call is made
      const fake = await startFakeStripe();
      connectFake = fake;
      setProviderApiBases({ stripe: fake.url });
      fake.key('rk_test_walkconnect00000000000Zq9');
      await saveIntegration({ ctx: ctxOf(f), provider: stripe, patch: { secret: SECRET, apiKey: 'rk_test_walkconnect00000000000Zq9' } });
      return { country: 'DE' };
    },
    actor: async (f) => {
      await connectFake?.close();
      return { type: 'affiliate', id: f.p.b.id };
    },
  },
  'portal.revokeKey': { via: 'portal', input: async (f) => ({ id: (await createAffiliateKey({ ctx: ctxOf(f), affiliateId: f.p.b.id })).key.id }) },

  // public: whoever the link or form proves
  'team.signUp': {
    via: 'public',
    first: true,
    input: () => ({ workspace_name: 'Walked install', email: 'walk-first-owner@example.com', password: 'password-1' }),
    actor: (f) => userByEmail(f, 'walk-first-owner@example.com'),
  },
  'team.resetPassword': {
    via: 'public',
    input: async (f) => {
      const token = 'walk-reset-token';
      await f.api.db.update(users).set({ resetTokenHash: hashToken(token), resetTokenExpiresAt: new Date(Date.now() + 3_600_000) }).where(eq(users.id, (await f.user()).id));
      return { token, password: 'password-2' };
    },
    actor: async (f) => ({ type: 'user', id: (await f.user()).id }),
  },
  'portal.acceptInvite': {
    via: 'public',
    input: async (f) => {
      const url = await reissueInviteLink({ ctx: ctxOf(f), affiliateId: f.p.a.id, publicUrl: 'https://walk.example.com' });
      return { token: new URL(url).searchParams.get('token')!, password: 'password-3' };
    },
    actor: async (f) => ({ type: 'affiliate', id: f.p.a.id }),
  },
  'join.submit': {
    via: 'public',
    input: async (f) => {
      await f.rest('PATCH', '/v1/settings', { join_slug: 'walkco' });
      return { program: 'walkco', name: 'Walk Applicant', email: 'walk-applicant@example.com', accept_terms: true };
    },
    actor: async (f) => {
      const [a] = await f.api.db.select({ id: affiliates.id }).from(affiliates).where(and(eq(affiliates.workspaceId, f.p.ws.id), eq(affiliates.email, 'walk-applicant@example.com')));
      return { type: 'affiliate', id: a?.id ?? '(no affiliate created)' };
    },
  },
};

/** The dashboard member of the walk's workspace, made once. */
export const memberOf = (f: Pick<WalkFixture, 'api' | 'p'>) => {
  let made: Promise<{ id: string }> | undefined;
  return () => (made ??= createUser(f.api.db, { email: 'walk-owner@example.com', password: 'password-1', workspaceId: f.p.ws.id, role: 'owner' }));
};

export const keyFor = async (f: Pick<WalkFixture, 'api' | 'p'>) => {
  const made = await createWorkspaceKey({ ctx: { db: f.api.db, workspaceId: f.p.ws.id, actor: TEST_ACTOR }, input: { scopes: ['*'], name: 'walk' } });
  return { id: made.key.id, token: made.token };
};
