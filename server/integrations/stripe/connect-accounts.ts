import type Stripe from 'stripe';
import { stripeCall, stripeClient } from './api';

// Stripe Connect Express accounts of affiliates, made with the workspace's own restricted key
// (docs/paying-affiliates.md#payout-methods). The key needs "Connect: write" (accounts and account
// links) beside what api.ts probes; it is not probed on save, as a workspace paying by hand needs
// none of it: without it, starting onboarding is refused with Stripe's permission failure.
export const STRIPE_CONNECT_PERMISSIONS = ['Connect: write'] as const;

/**
 * The affiliate's Express account, once: the idempotency key comes from the affiliate, so a retry
 * of a call whose answer was lost (or a double click) gets the same account back. Outside the US
 * the account takes Stripe's recipient service agreement: it receives transfers, never charges.
 */
export async function createExpressAccount(apiKey: string, a: { workspaceId: string; affiliateId: string; country: string; email: string | null }): Promise<Stripe.Account> {
  const params: Stripe.AccountCreateParams = {
    type: 'express',
    country: a.country,
    ...(a.email ? { email: a.email } : {}),
    capabilities: { transfers: { requested: true } },
    metadata: { refcount_affiliate_id: a.affiliateId, refcount_workspace_id: a.workspaceId },
    ...(a.country !== 'US' ? { tos_acceptance: { service_agreement: 'recipient' } } : {}),
  };
  return stripeCall('creating the Stripe account', () => stripeClient(apiKey).accounts.create(params, { idempotencyKey: `refcount-express-account-${a.affiliateId}` }));
}

/** The account as Stripe has it now: events may arrive out of order, the account read now cannot be stale. */
export async function retrieveAccount(apiKey: string, id: string): Promise<Stripe.Account> {
  return stripeCall('reading the Stripe account', () => stripeClient(apiKey).accounts.retrieve(id));
}

/** A fresh onboarding link (Stripe's links are single-use and expire within minutes). */
export async function onboardingLink(apiKey: string, a: { account: string; returnUrl: string; refreshUrl: string }): Promise<Stripe.AccountLink> {
  return stripeCall('creating the onboarding link', () =>
    stripeClient(apiKey).accountLinks.create({ account: a.account, type: 'account_onboarding', return_url: a.returnUrl, refresh_url: a.refreshUrl }),
  );
}

export type AccountStatus = { state: 'setting_up' | 'ready' | 'restricted'; reason: string | null };

/**
 * What an Express account's status means for paying it: ready once Stripe pays out to it and its
 * transfers capability is active (a recipient account never takes charges, so charges_enabled is
 * not asked for); restricted with Stripe's reason when Stripe disabled it or wants more after the
 * details were sent; setting up while the affiliate has not finished onboarding.
 */
export function accountStatus(a: Pick<Stripe.Account, 'payouts_enabled' | 'capabilities' | 'requirements' | 'details_submitted'>): AccountStatus {
  const transfers = a.capabilities?.transfers;
  if (a.payouts_enabled && transfers === 'active') return { state: 'ready', reason: null };
  const due = a.requirements?.currently_due ?? [];
  const disabled = a.requirements?.disabled_reason ?? null;
  const reason = [disabled, due.length ? `Stripe needs: ${due.slice(0, 20).join(', ')}` : null].filter(Boolean).join('; ').slice(0, 500) || null;
  if (!a.details_submitted && !disabled?.startsWith('rejected')) return { state: 'setting_up', reason: reason ?? 'onboarding not finished' };
  return { state: 'restricted', reason: reason ?? `transfers capability ${transfers ?? 'not requested'}` };
}
