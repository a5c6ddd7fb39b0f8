import { RefcountError } from '../../errors/errors';
import { createRateLimiter, spend, type RateLimiter } from '../../lib/rate-limit';
import type { Services } from '../../trpc/context';

// Sign-in links a minute per e-mail address: enough to retry a lost message, too few to flood
// someone's inbox. Per process, like the /api/collect limiter (server/browser/handlers.ts).
export const SIGN_IN_LINKS_PER_MINUTE = 3;

// One limiter per running app (services), made on first use rather than at import time.
const limiters = new WeakMap<Services, RateLimiter>();

/**
 * Spends one request for `email`, or throws rate_limited. Counted whether or not the address
 * belongs to anyone, so the limit itself tells nothing about which e-mails exist.
 */
export async function spendSignInLink(services: Services, email: string): Promise<void> {
  let limiter = limiters.get(services);
  if (!limiter) limiters.set(services, (limiter = createRateLimiter(SIGN_IN_LINKS_PER_MINUTE)));
  const d = await spend(limiter, `portal-sign-in-link:${email.trim().toLowerCase()}`);
  if (!d.allowed) throw new RefcountError('rate_limited', 'too many sign-in links for this e-mail; try again in a minute', { retryAfter: d.resetSeconds });
}
