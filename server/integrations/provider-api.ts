// What a provider's API answered when it did not answer with data, in our words: the provider's
// own message can quote the key (Stripe masks all but a few characters, others may not), so it
// is never kept, logged or shown. docs/integrations/stripe.md "API key".

export type ApiFailure = 'permission' | 'unauthorized' | 'not_found' | 'rate_limited' | 'unavailable' | 'refused';

export class ProviderApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    readonly status: number | null,
    what: string,
  ) {
    super(`${what}: ${describe(failure, status)}`);
    this.name = 'ProviderApiError';
  }
}

function describe(failure: ApiFailure, status: number | null): string {
  const s = status ? ` (${status})` : '';
  switch (failure) {
    case 'permission':
      return `the API key lacks the permission${s}`;
    case 'unauthorized':
      return `the provider refused the API key${s}: revoked, expired or mistyped`;
    case 'not_found':
      return `not found${s}`;
    case 'rate_limited':
      return `rate limited by the provider${s}; tried again later`;
    case 'unavailable':
      return `the provider could not be reached${s}; tried again later`;
    default:
      return `the provider refused the request${s}`;
  }
}

/** The failure an HTTP status stands for. */
export function failureOf(status: number | null | undefined): ApiFailure {
  if (status === 403) return 'permission';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (!status || status >= 500) return 'unavailable';
  return 'refused';
}

// Where each provider's API is: its own unless the operator points it elsewhere (STRIPE_API_URL:
// a local fake in tests, a proxy). Set once per process by the composition root,
// on globalThis: Next's bundled route handlers have their own copy of this module.
const KEY = Symbol.for('refcount.provider-api-bases');
type Bases = { stripe?: URL; paddle?: URL; paypal?: URL };
const bases = (): Bases => ((globalThis as { [KEY]?: Bases })[KEY] ??= {});

export function setProviderApiBases(urls: { stripe?: string; paddle?: string; paypal?: string }) {
  const url = (u?: string) => (u ? new URL(u) : undefined);
  (globalThis as { [KEY]?: Bases })[KEY] = { stripe: url(urls.stripe), paddle: url(urls.paddle), paypal: url(urls.paypal) };
}

export const providerApiBase = (provider: 'stripe' | 'paddle' | 'paypal') => bases()[provider];

/**
 * Runs every permission's probe at once and answers the permissions the provider refused as not
 * granted; any other failure (the key itself refused, the provider down) is thrown as it came.
 */
export async function missingPermissions(probes: readonly { permission: string; run: () => Promise<unknown> }[]): Promise<string[]> {
  const results = await Promise.allSettled(probes.map((p) => p.run()));
  const missing: string[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status === 'fulfilled') continue;
    const err = r.reason as ProviderApiError;
    if (err.failure !== 'permission') throw err;
    missing.push(probes[i].permission);
  }
  return missing;
}
