import { describe, expect, it } from 'vitest';
import { matchVisitor, type EarlierClick, type VisitorSigns } from './match-visitor';

// The rule alone, against docs/attribution.md#clicks-and-visitors; visitor-match.property.test.ts
// holds the click statement's SQL to it.
const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 30);
const signs = (over: Partial<VisitorSigns> = {}): VisitorSigns => ({ visitorId: null, fingerprint: 'f', ipHash: 'i', uaHash: 'u', ...over });
const click = (visitorKey: string, daysAgo: number, over: Partial<EarlierClick> = {}): EarlierClick =>
  ({ visitorKey, fingerprint: null, ipHash: null, uaHash: null, at: now - daysAgo * DAY, ...over });

describe('matchVisitor', () => {
  it('a sent visitor_id is certain, whatever else matches', () => {
    expect(matchVisitor(signs({ visitorId: 'v' }), [click('x', 1, { fingerprint: 'f' })], 30, now, 'new')).toEqual({ visitorKey: 'v', method: 'cookie', confidence: 1 });
  });

  it('a fingerprint beats ip + user agent; the latest click of a way wins; confidence fades to the floor', () => {
    const earlier = [click('ip', 1, { ipHash: 'i', uaHash: 'u' }), click('old', 20, { fingerprint: 'f' }), click('fp', 15, { fingerprint: 'f' })];
    expect(matchVisitor(signs(), earlier, 30, now, 'new')).toEqual({ visitorKey: 'fp', method: 'fingerprint', confidence: 0.45 });
    expect(matchVisitor(signs({ fingerprint: null }), earlier, 30, now, 'new')).toEqual({ visitorKey: 'ip', method: 'ip', confidence: 0.58 });
    expect(matchVisitor(signs(), [click('edge', 29.99, { fingerprint: 'f' })], 30, now, 'new').confidence).toBe(0.05);
  });

  it('ip needs the user agent too; nothing inside the window: a new visitor, certain', () => {
    expect(matchVisitor(signs({ fingerprint: null, uaHash: null }), [click('ip', 1, { ipHash: 'i', uaHash: null })], 30, now, 'new').method).toBe('new');
    expect(matchVisitor(signs(), [click('gone', 7, { fingerprint: 'f' })], 7, now, 'minted')).toEqual({ visitorKey: 'minted', method: 'new', confidence: 1 });
    expect(matchVisitor(signs(), [click('in', 6.99, { fingerprint: 'f' })], 7, now, 'minted').visitorKey).toBe('in');
  });
});
