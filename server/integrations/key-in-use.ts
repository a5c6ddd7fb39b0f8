import { logInfo } from '../lib/log';
import type { Integration, IntegrationCtx } from './provider';
import { ProviderApiError } from './provider-api';
import { SecretUnavailable } from './secret-box';
import { apiKeyOf } from './settings';

// How a handler uses the optional API key (docs/integrations/stripe.md "API key"): without a key,
// or when the key may not read something, the event is applied as before; when the provider
// cannot be reached, the error makes the event be tried again later by the retry job.

/** The key in clear, or null (none set, or sealed with other key material: said in the log). */
export function keyInUse(ctx: IntegrationCtx, integration: Integration): string | null {
  try {
    return apiKeyOf(integration);
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
    logInfo('integrations.api_key_unreadable', { workspace: ctx.workspaceId, provider: ctx.provider });
    return null;
  }
}

/** A key refused or short of a permission: said once in the log (no key, no message), then treated as absent. */
export function absentOn(ctx: IntegrationCtx, what: string, err: unknown): null {
  if (!(err instanceof ProviderApiError)) throw err;
  if (err.failure === 'not_found') return null;
  if (err.failure === 'permission' || err.failure === 'unauthorized') {
    logInfo('integrations.api_key_refused', { workspace: ctx.workspaceId, provider: ctx.provider, what, failure: err.failure });
    return null;
  }
  throw err;
}
