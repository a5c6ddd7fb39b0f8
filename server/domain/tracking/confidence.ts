import { sql, type SQL } from 'drizzle-orm';

// Match confidence of a visitor (docs/attribution.md#clicks-and-visitors): a sent visitor_id (cookie) or a new
// visitor is certain; a fingerprint match less so, an ip + user-agent match less still; both fade
// linearly with the earlier touch's age inside the cookie window, down to a floor. One formula,
// written once for TypeScript and once as SQL from the same constants.
const CEILING = { fingerprint: 0.9, ip: 0.6 } as const;
const FLOOR = 0.05;
export type FuzzyMethod = keyof typeof CEILING;

export function matchConfidence(method: FuzzyMethod, ageMs: number, windowDays: number): number {
  const fresh = Math.max(0, 1 - ageMs / (windowDays * 86_400_000));
  return Math.round(Math.max(FLOOR, CEILING[method] * fresh) * 1000) / 1000;
}

export function matchConfidenceSql(method: FuzzyMethod, touchTs: SQL, windowDays: SQL): SQL {
  const ceiling = sql.raw(String(CEILING[method]));
  const floor = sql.raw(String(FLOOR));
  return sql`round(greatest(${floor}, ${ceiling} * greatest(0, 1 - extract(epoch from (now() - ${touchTs})) / (${windowDays} * 86400.0)))::numeric, 3)::real`;
}
