import { PADDLE_API_KEY, missingPaddlePermissions } from './paddle/api';
import { STRIPE_API_KEY, missingStripePermissions } from './stripe/api';

/** A provider's optional API key: what it looks like, where to make one, and its check. */
export type ApiKeyKind = {
  pattern: RegExp;
  /** What the provider calls the kind of key Refcount takes. */
  noun: string;
  example: string;
  where: string;
  /** The permissions the key lacks, in the provider's words; throws ProviderApiError when refused. */
  missing: (key: string) => Promise<string[]>;
};

// The providers whose API Refcount can read with a key; one without an entry takes none.
const KINDS: Record<string, ApiKeyKind> = {
  stripe: { ...STRIPE_API_KEY, missing: missingStripePermissions },
  paddle: { ...PADDLE_API_KEY, missing: missingPaddlePermissions },
};

export const apiKeyKind = (provider: string): ApiKeyKind | undefined => (Object.hasOwn(KINDS, provider) ? KINDS[provider] : undefined);
