import { describe, expect, it } from 'vitest';
import { attribute, chooseTouch, type Candidates, type Touch } from './attribute';

// The rule alone, on snapshots written by hand (docs/attribution.md#how-a-conversion-finds-its-affiliate):
// the HTTP suites beside it check the same rule on what the store reads.
const at = new Date('2026-06-30T00:00:00Z');
const DAY = 86_400_000;
const touch = (affiliateId: string, daysAgo: number, over: Partial<Touch> = {}): Touch => ({
  clickId: `click-${affiliateId}-${daysAgo}`, affiliateId, campaignId: 'c1', ts: new Date(at.getTime() - daysAgo * DAY),
  visitorKey: 'v1', model: 'last_click', windowDays: 30, ...over,
});
const none: Candidates = { customer: null, cookie: [], fingerprint: [], ip: [], code: null, manualCode: null, ref: null };
const every: Candidates = {
  customer: { affiliateId: 'customer', campaignId: 'c1' },
  cookie: [touch('cookie', 3)],
  fingerprint: [touch('fingerprint', 3)],
  ip: [touch('ip', 3)],
  code: null,
  manualCode: { id: 'manual', campaignId: 'c1' },
  ref: { id: 'ref', campaignId: null },
};
const given = { customerId: 'cu', visitorId: 'v1', fingerprint: 'f', ipHash: 'i', uaHash: 'u', manualCode: 'm', ref: 'r', at };

describe('attribute', () => {
  it('takes the first way, in the documented order, that the sale gives and that finds someone', () => {
    const order = ['customerId', 'visitorId', 'fingerprint', 'ipHash', 'manualCode', 'ref'] as const;
    const expected = ['customer', 'cookie', 'fingerprint', 'ip', 'manual', 'ref'];
    order.forEach((_, i) => {
      const input = { ...given, ...Object.fromEntries(order.slice(0, i).map((k) => [k, null])) };
      expect(attribute(input, every)?.affiliateId).toBe(expected[i]);
    });
    expect(attribute({ at }, every)).toBeNull();
  });

  it('passes over a way that finds nobody, and one the sale does not give', () => {
    expect(attribute(given, { ...every, customer: null, cookie: [] })?.method).toBe('fingerprint');
    // ip needs both hashes
    expect(attribute({ ipHash: 'i', ref: 'r', at }, every)?.method).toBe('ref');
    expect(attribute({ manualCode: 'm', at }, { ...every, manualCode: null })).toBeNull();
    expect(attribute(given, none)).toBeNull();
  });

  it('answers what the receipt needs: certain for a customer, a cookie or a code; fading for fuzzy matches', () => {
    expect(attribute({ customerId: 'cu', at }, every)).toEqual({
      affiliateId: 'customer', campaignId: 'c1', method: 'customer', confidence: 1, clickId: null, visitorKey: null, model: null, touches: [], code: null,
    });
    expect(attribute({ visitorId: 'v1', at }, every)).toMatchObject({ method: 'cookie', confidence: 1, clickId: 'click-cookie-3', model: 'last_click', touches: every.cookie });
    expect(attribute({ fingerprint: 'f', at }, every)).toMatchObject({ method: 'fingerprint', confidence: 0.81 }); // 0.9 × (1 − 3/30)
    expect(attribute({ ipHash: 'i', uaHash: 'u', at }, every)).toMatchObject({ method: 'ip', confidence: 0.54 }); // 0.6 × 0.9
    expect(attribute({ ref: 'r', at }, every)).toEqual({
      affiliateId: 'ref', campaignId: null, method: 'ref', confidence: 1, clickId: null, visitorKey: null, model: null, touches: [], code: null,
    });
  });
});

describe('chooseTouch', () => {
  it("follows the model of the latest touch's campaign", () => {
    const first = touch('a', 9, { campaignId: 'c2', model: 'first_click' });
    const other = touch('b', 6);
    const last = touch('c', 2, { campaignId: 'c2', model: 'first_click' });
    expect(chooseTouch([first, other, last])).toBe(first);
    expect(chooseTouch([first, other, { ...last, model: 'last_click' }])?.affiliateId).toBe('c');
    expect(chooseTouch([])).toBeUndefined();
  });
});
