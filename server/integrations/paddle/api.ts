import { ApiError, Environment, LogLevel, Paddle } from '@paddle/paddle-node-sdk';
import { ProviderApiError, providerApiBase, type ApiFailure, missingPermissions } from '../provider-api';

// The merchant's Paddle account through the official SDK and an optional API key
// (docs/integrations/stripe.md "Paddle Billing"). Refcount reads, and writes only affiliate codes' discounts
// (server/integrations/codes/) and rewards delivered in billing (docs/rewards-in-billing.md: PADDLE_REWARD_PERMISSIONS).

/** Paddle's API keys name their environment: a sandbox key reads the sandbox. */
export const PADDLE_API_KEY = {
  pattern: /^pdl_(live|sdbx)_apikey_[A-Za-z0-9_]{20,200}$/,
  noun: 'API key',
  example: 'pdl_live_apikey_…',
  where: 'Paddle → Developer tools → Authentication → API keys → New API key',
};

// Each permission the key needs (Paddle's names) and the read that proves it.
// discount.write is proven without writing: an empty update of a discount id that does not exist
// is refused for the permission (403) before Paddle looks it up (404 then means granted).
const NEEDED: readonly { permission: string; probe: (p: Paddle) => Promise<unknown>; write?: true }[] = [
  { permission: 'customer.read', probe: (p) => p.customers.list({ perPage: 1 }).next() },
  { permission: 'transaction.read', probe: (p) => p.transactions.list({ perPage: 1 }).next() },
  { permission: 'discount.read', probe: (p) => p.discounts.list({ perPage: 1 }).next() },
  { permission: 'product.read', probe: (p) => p.products.list({ perPage: 1 }).next() },
  { permission: 'discount.write', probe: (p) => p.discounts.update(`dsc_${'0'.repeat(26)}`, {}), write: true },
];

export const PADDLE_PERMISSIONS = NEEDED.map((n) => n.permission);

/** What a reward delivered in Paddle needs besides (docs/rewards-in-billing.md); not probed on save, as Stripe's. */
export const PADDLE_REWARD_PERMISSIONS = ['discount.write', 'subscription.read', 'subscription.write'] as const;

export function paddleClient(apiKey: string): Paddle {
  const base = providerApiBase('paddle');
  // The SDK takes a base URL where it takes an environment (STRIPE_API_URL's twin, for tests).
  const environment = base ? (base.href.replace(/\/$/, '') as Environment) : apiKey.startsWith('pdl_sdbx_') ? Environment.sandbox : Environment.production;
  // error, never debug: a debug log would print the request headers, the key among them
  return new Paddle(apiKey, { environment, logLevel: LogLevel.error });
}

// Paddle's error codes (its API reference, "Errors"), in our words.
function paddleFailure(err: ApiError): ApiFailure {
  const code = err.code ?? '';
  if (code === 'forbidden') return 'permission';
  if (code.startsWith('authentication') || code === 'invalid_token') return 'unauthorized';
  if (code === 'not_found' || code.endsWith('_not_found')) return 'not_found';
  if (code === 'too_many_requests') return 'rate_limited';
  return err.type === 'api_error' ? 'unavailable' : 'refused';
}

/** Runs a call, turning the SDK's errors into ours (never its message). */
export async function paddleCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) {
      const failure = paddleFailure(err);
      throw new ProviderApiError(failure, null, what);
    }
    throw new ProviderApiError('unavailable', null, what);
  }
}

export async function missingPaddlePermissions(apiKey: string): Promise<string[]> {
  const paddle = paddleClient(apiKey);
  const grantedIfMissing = (err: unknown) => (err instanceof ProviderApiError && err.failure === 'not_found' ? null : Promise.reject(err));
  return missingPermissions(NEEDED.map((n) => ({ permission: n.permission, run: () => paddleCall(n.permission, () => n.probe(paddle)).catch((err) => (n.write ? grantedIfMissing(err) : Promise.reject(err))) })));
}
