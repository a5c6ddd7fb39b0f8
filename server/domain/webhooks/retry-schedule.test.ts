import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt, parseRetryAfter } from './retry-schedule';

const now = new Date('2026-03-01T12:00:00.000Z');
const delay = (attempts: number, scale = 1, retryAfter: number | null = null) => {
  const next = nextAttemptAt(attempts, now, scale, retryAfter);
  return next && next.getTime() - now.getTime();
};

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delay(n))).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(delay(8)).toBeNull();
  });

  it('compresses by the scale, but never shortens a Retry-After', () => {
    expect(delay(2, 0.001)).toBe(300);
    expect(delay(2, 0.001, 2000)).toBe(2000);
    expect(delay(2, 1, 2000)).toBe(3e5);
  });

  it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999999', now)).toBe(86_400_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
