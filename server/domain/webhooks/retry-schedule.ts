// docs/webhooks.md#delivery-and-retries: after the first attempt, retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
// later; eight attempts in all (about a day and a half) before a delivery is given up.
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A receiver may ask for a pause, but not for longer than this. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

/**
 * When to try again after `attempts` failed attempts, or null when they are used up. The
 * schedule is scaled (tests); a receiver's Retry-After is honoured as sent, never scaled.
 */
export function nextAttemptAt(attempts: number, now: Date, scale: number, retryAfterMs: number | null): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const scheduled = RETRY_DELAYS_MS[attempts - 1] * scale;
  return new Date(now.getTime() + Math.max(scheduled, retryAfterMs ?? 0));
}
