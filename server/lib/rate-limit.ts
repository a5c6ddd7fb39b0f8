import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type RateLimiter = { limit: number; limiter: RateLimiterAbstract };

export function createRateLimiter(perMinute: number): RateLimiter {
  return { limit: perMinute, limiter: new RateLimiterMemory({ points: perMinute, duration: 60 }) };
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
