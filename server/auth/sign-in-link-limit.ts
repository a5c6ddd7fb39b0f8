import { createHash } from 'node:crypto';
import { RefcountError } from '../errors/errors';
import { createRateLimiter, spend, type RateLimiter } from '../lib/rate-limit';
import type { Services } from '../runtime/services';

// Sign-in links a minute per e-mail address: enough to retry a lost message, too few to flood
// someone's inbox.
export const SIGN_IN_LINKS_PER_MINUTE = 3;

/**
 * The services' sign-in-link limiter (server/runtime/services.ts builds it beside the API key
 * limiter): with RATE_LIMIT_REDIS_URL every app node spends from one budget per address, else one
 * per process. Its own Redis prefix keeps it apart from the API keys' 600 a minute.
 */
export function createSignInLinkLimiter(redisUrl?: string): RateLimiter {
  return createRateLimiter(SIGN_IN_LINKS_PER_MINUTE, redisUrl, 'refcount:sign-in-link');
}

/**
 * Spends one request for `email`, or throws rate_limited. Counted whether or not the address
 * belongs to anyone, so the limit itself tells nothing about which e-mails exist. The address is
 * hashed so Redis never holds it.
 */
export async function spendSignInLink(services: Services, email: string): Promise<void> {
  const subject = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const d = await spend(services.signInLinkLimiter, subject);
  if (!d.allowed) throw new RefcountError('rate_limited', 'too many sign-in links for this e-mail; try again in a minute', { retryAfter: d.resetSeconds });
}
