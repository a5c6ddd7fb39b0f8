import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimiter = { limit: number; limiter: RateLimiterAbstract; ready: Promise<void>; close: () => Promise<void> };

/** A Redis connection for limiters; errors are left to the insurance limiters (ioredis reconnects). */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => {}); // the insurance limiter covers outages; ioredis reconnects by itself
  return redis;
}

/** Resolves once `redis` is connected (until then limiters spend from their insurance budget). */
export const redisReady = (redis: Redis | null) =>
  redis ? new Promise<void>((resolve) => redis.once('ready', () => resolve())) : Promise.resolve();

/**
 * A limiter in Redis when given one (every app node counts in one place), else in memory. A
 * Redis limiter falls back to its own in-memory insurance when Redis is unreachable, rather than
 * refusing traffic. Limiters sharing one Redis need their own `keyPrefix`.
 */
export function limiterOn(redis: Redis | null, opts: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract {
  const memory = new RateLimiterMemory(opts);
  return redis ? new RateLimiterRedis({ storeClient: redis, ...opts, insuranceLimiter: memory }) : memory;
}

/**
 * 600 requests a minute per key by default (docs/rate-limits-and-idempotency.md). In memory for one process; with
 * RATE_LIMIT_REDIS_URL every app node spends from one shared budget (limiterOn).
 */
export function createRateLimiter(perMinute: number, redisUrl?: string, keyPrefix = 'refcount:rl'): RateLimiter {
  const redis = redisUrl ? connectRedis(redisUrl) : null;
  const limiter = limiterOn(redis, { points: perMinute, duration: 60, keyPrefix });
  return { limit: perMinute, limiter, ready: redisReady(redis), close: async () => void redis?.disconnect() };
}

export type RateDecision = { allowed: boolean; remaining: number; resetSeconds: number };

/**
 * A limiter's refusal (it rejects with a RateLimiterRes, not an Error). Recognised by its shape
 * as well as its class: Next bundles its own copy of the library, so a refusal by a limiter the
 * lean entry built is no `instanceof` the class Next's code imports, and became a 500.
 */
export function isRefusal(res: unknown): res is RateLimiterRes {
  if (res instanceof RateLimiterRes) return true;
  if (typeof res !== 'object' || res === null || res instanceof Error) return false;
  const { msBeforeNext, consumedPoints } = res as RateLimiterRes;
  return typeof msBeforeNext === 'number' && typeof consumedPoints === 'number';
}

/** Spends one request of `subject`'s minute; never throws for an exhausted budget. */
export async function spend(rl: RateLimiter, subject: string): Promise<RateDecision> {
  try {
    const res = await rl.limiter.consume(subject, 1);
    return { allowed: true, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
  } catch (res) {
    if (!isRefusal(res)) throw res;
    return { allowed: false, remaining: 0, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
}
