import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { connectRedis, limiterOn, redisReady } from '../lib/rate-limit';

// Password guessing is limited per account (the e-mail, whether or not it exists, so the limit
// tells nothing) and per client address, with back-off: after `free` failures in the window a
// subject gets one attempt per period, each period twice the last (30 s, 1 min, 2 min, … 15 min).
// Counted in Redis when RATE_LIMIT_REDIS_URL is set, so every app node sees one count.
export type LoginPolicy = {
  freeFailures: { account: number; address: number };
  windowSeconds: number;
  firstBlockSeconds: number;
  maxBlockSeconds: number;
};
export const LOGIN_POLICY: LoginPolicy = {
  freeFailures: { account: 5, address: 20 },
  windowSeconds: 60 * 60,
  firstBlockSeconds: 30,
  maxBlockSeconds: 15 * 60,
};

export type LoginAttempt = { surface: 'dashboard' | 'portal'; email: string; ip: string | null };
export type Guarded<T> = { ok: true; value: T | null } | { ok: false; retryAfter: number };
export type LoginGuard = ReturnType<typeof createLoginGuard>;

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

export function createLoginGuard(redisUrl?: string, policy: LoginPolicy = LOGIN_POLICY) {
  const redis = redisUrl ? connectRedis(redisUrl) : null;
  const failures = limiterOn(redis, { points: Number.MAX_SAFE_INTEGER, duration: policy.windowSeconds, keyPrefix: 'refcount:login-failures' });
  // One attempt per back-off period once past the free failures; the period is set per consume.
  const gate = limiterOn(redis, { points: 1, duration: policy.firstBlockSeconds, keyPrefix: 'refcount:login-gate' });
  const period = (over: number) => Math.min(policy.maxBlockSeconds, policy.firstBlockSeconds * 2 ** (over - 1));

  // Neither the e-mail nor the address is kept in plain text in Redis.
  const subjects = (a: LoginAttempt) => [
    { key: `account:${a.surface}:${digest(a.email.trim().toLowerCase())}`, free: policy.freeFailures.account },
    ...(a.ip ? [{ key: `address:${digest(a.ip)}`, free: policy.freeFailures.address }] : []),
  ];

  /** Seconds `s` must wait, or 0 once it has the attempt of this period (atomic: one caller wins). */
  async function pass(s: { key: string }, over: number): Promise<number> {
    if (over <= 0) return 0;
    const res = await gate.consume(s.key, 1, { customDuration: period(over) }).catch((r: unknown) => r);
    return res instanceof RateLimiterRes && res.consumedPoints > 1 ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  }

  /**
   * Runs `verify` (the password check) unless the account or the address must wait. The attempt
   * counts as a failure before it runs, so a burst of parallel guesses cannot slip past the count;
   * a success takes it back and clears the account's count (not the address's, or one valid
   * account would reset an address guessing at others); a refused attempt is not counted.
   */
  async function attempt<T>(a: LoginAttempt, verify: () => Promise<T | null>): Promise<Guarded<T>> {
    const counted = subjects(a);
    const counts = await Promise.all(counted.map((s) => failures.penalty(s.key, 1)));
    const waits = await Promise.all(counted.map((s, i) => pass(s, counts[i].consumedPoints - s.free)));
    const retryAfter = Math.max(...waits);
    if (retryAfter) {
      await Promise.all(counted.map((s) => failures.reward(s.key, 1)));
      return { ok: false, retryAfter };
    }
    const value = await verify();
    if (value) await Promise.all(counted.map((s, i) => (i === 0 ? Promise.all([failures.delete(s.key), gate.delete(s.key)]) : failures.reward(s.key, 1))));
    return { ok: true, value };
  }

  return { attempt, ready: redisReady(redis), close: async () => void redis?.disconnect() };
}
