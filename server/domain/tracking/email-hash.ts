import { normaliseEmail } from '../affiliates/normalise-email';
import type { WorkspaceCtx } from '../context';
import { hasherFor } from './hash';

/**
 * How a lead's e-mail is kept, and how a payment provider's customer e-mail is matched to it
 * (docs/integrations/stripe.md#customers-without-checkout): the inbox it reaches (normaliseEmail),
 * hashed with the workspace's secret tracking salt. The address itself is never stored or logged.
 */
export async function emailHasher({ ctx }: { ctx: WorkspaceCtx }) {
  const hash = await hasherFor({ ctx });
  // a prefix of its own: an e-mail's hash never equals an ip's or a user agent's
  return (email: string | null | undefined): string | null => (email?.trim() ? hash(`email\0${normaliseEmail(email)}`) : null);
}
