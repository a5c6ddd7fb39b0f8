import type { Database } from '@/db/client';
import type { Config } from '../lib/env';
import { createRateLimiter } from '../lib/rate-limit';
import type { Services } from '../trpc/context';

export function createServices(database: Database, config: Config): Services {
  return { database, config, limiter: createRateLimiter(config.rateLimitPerMinute, config.rateLimitRedisUrl) };
}
