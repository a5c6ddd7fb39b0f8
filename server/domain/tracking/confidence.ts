// Match confidence of a visitor (docs/attribution.md#clicks-and-visitors): a sent visitor_id (cookie) or a new
// visitor is certain; a fingerprint match less so, an ip + user-agent match less still; both fade
// linearly with the earlier touch's age inside the cookie window, down to a floor. The click
// statement computes it in SQL from these same constants (server/store/click-write.ts).
export const CONFIDENCE_CEILING = { fingerprint: 0.9, ip: 0.6 } as const;
export const CONFIDENCE_FLOOR = 0.05;
export const CONFIDENCE_DECIMALS = 3;
export const DAY_MS = 86_400_000;
export type FuzzyMethod = keyof typeof CONFIDENCE_CEILING;

export function matchConfidence(method: FuzzyMethod, ageMs: number, windowDays: number): number {
  const fresh = Math.max(0, 1 - ageMs / (windowDays * DAY_MS));
  const unit = 10 ** CONFIDENCE_DECIMALS;
  return Math.round(Math.max(CONFIDENCE_FLOOR, CONFIDENCE_CEILING[method] * fresh) * unit) / unit;
}
