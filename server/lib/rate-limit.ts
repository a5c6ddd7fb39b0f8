import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimiter = { limit: number; limiter: RateLimiterAbstract; ready: Promise<void>; close: () => Promise<void> };

/**
 * 600 requests a minute per key by default (decisions.md §3). In memory for one process; with
 * RATE_LIMIT_REDIS_URL every app node spends from one shared budget, and if Redis is unreachable
 * each node falls back to its own in-memory budget rather than refusing traffic. Each limiter
 * sharing one Redis has its own `keyPrefix`, so budgets of different limits never mix.
 */
export function createRateLimiter(perMinute: number, redisUrl?: string, keyPrefix = 'refcount:rl'): RateLimiter {
  const memory = new RateLimiterMemory({ points: perMinute, duration: 60 });
  if (!redisUrl) return { limit: perMinute, limiter: memory, ready: Promise.resolve(), close: async () => {} };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => {}); // the insurance limiter covers outages; ioredis reconnects by itself
  const limiter = new RateLimiterRedis({ storeClient: redis, points: perMinute, duration: 60, keyPrefix, insuranceLimiter: memory });
  // Until connected, requests spend from the insurance budget (the offline queue is off).
  const ready = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  return { limit: perMinute, limiter, ready, close: async () => void redis.disconnect() };
}

export type RateDecision = { allowed: boolean; remaining: number; resetSeconds: number };

/** Spends one request of `subject`'s minute; never throws for an exhausted budget. */
export async function spend(rl: RateLimiter, subject: string): Promise<RateDecision> {
  try {
    const res = await rl.limiter.consume(subject, 1);
    return { allowed: true, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    return { allowed: false, remaining: 0, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
}
