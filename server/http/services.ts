import type { Database } from '@/db/client';
import { createLoginGuard } from '../auth/login-guard';
import type { Config } from '../lib/env';
import { createRateLimiter } from '../lib/rate-limit';
import { createSignInLinkLimiter } from '../routers/portal/sign-in-link-limit';
import type { Services } from '../trpc/context';

export function createServices(database: Database, config: Config): Services {
  return {
    database,
    config,
    limiter: createRateLimiter(config.rateLimitPerMinute, config.rateLimitRedisUrl),
    signInLinkLimiter: createSignInLinkLimiter(config.rateLimitRedisUrl),
    loginGuard: createLoginGuard(config.rateLimitRedisUrl),
  };
}

/**
 * Closes what createServices opened: the limiters' Redis connections (left open, they keep
 * the process alive), then the database.
 */
export async function closeServices(services: Services) {
  await Promise.all([services.limiter.close(), services.signInLinkLimiter.close(), services.loginGuard.close()]);
  await services.database.close();
}
