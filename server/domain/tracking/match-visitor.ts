import { DAY_MS, matchConfidence, type FuzzyMethod } from './confidence';

// Who a click's visitor is (docs/attribution.md#clicks-and-visitors), as a pure function. The click
// statement applies the same rule in SQL, to batches of clicks (server/store/click-write.ts, built
// from FUZZY_METHODS and the confidence constants); visitor-match.property.test.ts checks that the
// two agree.

/** The ways an earlier click recognises a visitor that sent no visitor_id, the first that finds one winning. */
export const FUZZY_METHODS = ['fingerprint', 'ip'] as const satisfies readonly FuzzyMethod[];

/** What a click says about its visitor (ip and user agent hashed). */
export type VisitorSigns = { visitorId: string | null; fingerprint: string | null; ipHash: string | null; uaHash: string | null };
/** An earlier click of the workspace, as the match reads it (`at`: when it was recorded, epoch ms). */
export type EarlierClick = { visitorKey: string; fingerprint: string | null; ipHash: string | null; uaHash: string | null; at: number };
export type VisitorMatch = { visitorKey: string; method: 'cookie' | 'new' | FuzzyMethod; confidence: number };

const recognises: Record<FuzzyMethod, (signs: VisitorSigns, c: EarlierClick) => boolean> = {
  fingerprint: (s, c) => s.fingerprint !== null && c.fingerprint === s.fingerprint,
  ip: (s, c) => s.ipHash !== null && s.uaHash !== null && c.ipHash === s.ipHash && c.uaHash === s.uaHash,
};

/**
 * The visitor of a click recorded at `now` (epoch ms) for a campaign whose cookie window is
 * `windowDays`: its visitor_id if sent (certain); else the visitor of the latest earlier click
 * inside the window that its fingerprint, else its ip + user agent, recognises (confidence fading
 * with that click's age); else a new visitor, `mint` (certain).
 */
export function matchVisitor(signs: VisitorSigns, earlier: EarlierClick[], windowDays: number, now: number, mint: string): VisitorMatch {
  if (signs.visitorId !== null) return { visitorKey: signs.visitorId, method: 'cookie', confidence: 1 };
  const since = now - windowDays * DAY_MS;
  for (const method of FUZZY_METHODS) {
    const latest = earlier
      .filter((c) => c.at > since && recognises[method](signs, c))
      .reduce<EarlierClick | null>((l, c) => (!l || c.at > l.at ? c : l), null);
    if (latest) return { visitorKey: latest.visitorKey, method, confidence: matchConfidence(method, now - latest.at, windowDays) };
  }
  return { visitorKey: mint, method: 'new', confidence: 1 };
}
