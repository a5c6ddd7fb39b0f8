import Stripe from 'stripe';
import { failureOf, ProviderApiError, providerApiBase, missingPermissions } from '../provider-api';

// The merchant's Stripe account through the official client and an optional restricted key
// (docs/integrations/stripe.md "API key"). Refcount reads, and writes only affiliate codes (a
// coupon per campaign discount and a promotion code per code: server/integrations/codes/) and
// rewards delivered in billing (docs/rewards-in-billing.md: STRIPE_REWARD_PERMISSIONS), and
// payouts a manager sends (transfers: docs/paying-affiliates.md#sending-a-batch, Transfers: write).

/** Restricted keys only: a secret key (sk_) can move money, far more than Refcount reads. */
export const STRIPE_API_KEY = {
  pattern: /^rk_(live|test)_[A-Za-z0-9]{16,247}$/,
  noun: 'restricted key',
  example: 'rk_live_…',
  where: 'Stripe Dashboard → Developers → API keys → Create restricted key',
};

// Each permission the key needs, the call that proves it (limit 1) and its name in Stripe's
// dashboard, which is what a manager is told when one is missing.
// A write is proven without writing: an empty update of an id that does not exist is refused
// for the permission (403) before Stripe looks the object up (404 then means granted).
const NEEDED: readonly { permission: string; probe: (s: Stripe) => Promise<unknown>; write?: true }[] = [
  { permission: 'Customers: read', probe: (s: Stripe) => s.customers.list({ limit: 1 }) },
  { permission: 'Checkout Sessions: read', probe: (s: Stripe) => s.checkout.sessions.list({ limit: 1 }) },
  { permission: 'Invoices: read', probe: (s: Stripe) => s.invoices.list({ limit: 1 }) },
  { permission: 'Promotion Codes: read', probe: (s: Stripe) => s.promotionCodes.list({ limit: 1 }) },
  { permission: 'Products: read', probe: (s: Stripe) => s.products.list({ limit: 1 }) },
  // affiliate codes (docs/integrations/stripe.md "Affiliate codes")
  { permission: 'Coupons: write', probe: (s: Stripe) => s.coupons.update(PROBE_ID.coupon, {}), write: true },
  { permission: 'Promotion Codes: write', probe: (s: Stripe) => s.promotionCodes.update(PROBE_ID.promotionCode, {}), write: true },
];

export const STRIPE_PERMISSIONS = NEEDED.map((n) => n.permission);
const PROBE_ID = { coupon: 'refcount_permission_check', promotionCode: 'promo_refcount_permission_check' };

/**
 * What a reward delivered in Stripe's billing needs besides (docs/rewards-in-billing.md). Not
 * probed on save: a write cannot be tried without making something, and a workspace without such
 * rewards needs none of them. A key without them makes the delivery `failed` with
 * "the API key lacks the permission", tried again later.
 */
export const STRIPE_REWARD_PERMISSIONS = ['Customers: write', 'Coupons: write', 'Subscriptions: write'] as const;

// A webhook waits on these calls inside its transaction: short, and one retry of a dropped
// connection; a slower Stripe makes the event fail and our retry job take it up later.
const TIMEOUT_MS = 8_000;

export function stripeClient(apiKey: string): Stripe {
  const base = providerApiBase('stripe');
  return new Stripe(apiKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

const rethrow = (err: unknown) => Promise.reject(err);
/** A write probe's 404: the permission let the call through to the lookup. */
const grantedIfMissing = (err: unknown) => (err instanceof ProviderApiError && err.failure === 'not_found' ? null : Promise.reject(err));

/** Runs a call, turning Stripe's errors into ours (never its message, which quotes the key). */
export async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new ProviderApiError(failureOf(err.statusCode), err.statusCode ?? null, what);
    throw new ProviderApiError('unavailable', null, what);
  }
}

/**
 * Checks a key before it is saved: each needed read once. Answers the permissions it lacks (in
 * Stripe's dashboard words); throws when Stripe refuses the key itself or cannot be reached.
 */
export async function missingStripePermissions(apiKey: string): Promise<string[]> {
  const stripe = stripeClient(apiKey);
  return missingPermissions(NEEDED.map((n) => ({ permission: n.permission, run: () => stripeCall(n.permission, () => n.probe(stripe)).catch(n.write ? grantedIfMissing : rethrow) })));
}
