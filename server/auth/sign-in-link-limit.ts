import { createHash } from 'node:crypto';
import { RefcountError } from '../errors/errors';
import { clientBudgetKey } from '../lib/client-ip';
import { connectRedis, limiterOn, redisReady, spend, type RateLimiter } from '../lib/rate-limit';
import type { Services } from '../runtime/services';

// The public forms that send e-mail (portal sign-in links, password resets, join applications)
// spend from these budgets (docs/rate-limits-and-idempotency.md). Per e-mail address: enough to
// retry a lost message, too few to flood someone's inbox. Per client address: one machine cannot
// mint affiliates or mail many inboxes by the hundred (a script sent 500 applications in 9 s).
export const SIGN_IN_LINKS_PER_MINUTE = 3;
export const SIGN_IN_LINKS_PER_CLIENT_PER_HOUR = 20;
export const APPLICATIONS_PER_CLIENT_PER_HOUR = 10;

/** The per-e-mail budget (`limiter`), with the per-client budgets beside it on one connection. */
export type SignInLinkLimiter = RateLimiter & { perClient: { signInLinks: RateLimiter; applications: RateLimiter } };

/**
 * The services' limiter of e-mailing forms (server/runtime/services.ts builds it beside the API
 * key limiter): with RATE_LIMIT_REDIS_URL every app node spends from one budget per address, else
 * one per process. Their own Redis prefixes keep them apart from the API keys' 600 a minute.
 */
export function createSignInLinkLimiter(redisUrl?: string): SignInLinkLimiter {
  const redis = redisUrl ? connectRedis(redisUrl) : null;
  const ready = redisReady(redis);
  const close = async () => void redis?.disconnect();
  const budget = (points: number, duration: number, keyPrefix: string): RateLimiter => ({
    limit: points,
    limiter: limiterOn(redis, { points, duration, keyPrefix }),
    ready,
    close,
  });
  return {
    ...budget(SIGN_IN_LINKS_PER_MINUTE, 60, 'refcount:sign-in-link'),
    perClient: {
      signInLinks: budget(SIGN_IN_LINKS_PER_CLIENT_PER_HOUR, 3600, 'refcount:sign-in-link-client'),
      applications: budget(APPLICATIONS_PER_CLIENT_PER_HOUR, 3600, 'refcount:application-client'),
    },
  };
}

// Neither e-mail addresses nor client addresses are kept in plain text in Redis.
const digest = (s: string) => createHash('sha256').update(s).digest('hex');

async function spendOrRefuse(rl: RateLimiter, subject: string, why: string) {
  const d = await spend(rl, digest(subject));
  if (!d.allowed) throw new RefcountError('rate_limited', why, { retryAfter: d.resetSeconds });
}

/**
 * Spends one request for `email`, or throws rate_limited. Counted whether or not the address
 * belongs to anyone, so the limit itself tells nothing about which e-mails exist.
 */
export async function spendSignInLink(services: Services, email: string): Promise<void> {
  await spendOrRefuse(services.signInLinkLimiter, email.trim().toLowerCase(), 'too many sign-in links for this e-mail; try again in a minute');
}

/**
 * Spends one of the client address's sign-in links or applications this hour, or throws
 * rate_limited. An unknown address (Next started on its own without TRUST_PROXY) is not counted
 * here: one budget for every such visitor would close the form to all of them; the per-e-mail
 * budget still holds.
 */
export async function spendFromClient(services: Services, form: 'signInLinks' | 'applications', clientIp: string | null): Promise<void> {
  if (!clientIp) return;
  await spendOrRefuse(services.signInLinkLimiter.perClient[form], clientBudgetKey(clientIp), 'too many requests from this address; try again later');
}
