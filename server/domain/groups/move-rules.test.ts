import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOVE_METRICS, type MoveCondition, type MoveMetric } from '../../model/move-rules';
import { byPriority, chooseMove, conditionHolds, daysBetween, type AffiliateForChoice, type RuleForChoice } from './move-rules';

const G = 'g-source';
const T = 'g-target';
const U = 'g-other';

const rule = (over: Partial<RuleForChoice> & { conditions: MoveCondition[] }): RuleForChoice => ({
  id: 'r1', groupId: G, targetGroupId: T, position: 0, active: true, createdAt: new Date('2026-01-01T00:00:00Z'), ...over,
});

// Totals keyed by metric and window; missing ones are 0.
const affiliate = (values: Record<string, number> = {}, over: Partial<AffiliateForChoice> = {}): AffiliateForChoice => ({
  groupId: G,
  daysEnrolled: 0,
  appliedRuleIds: new Set(),
  totals: (metric, window) => values[`${metric}:${window ?? 'all'}`] ?? 0,
  ...over,
});

const cond = (metric: MoveMetric, at_least: number, window_days: number | null = null): MoveCondition => ({ metric, at_least, window_days });

describe('a condition', () => {
  for (const metric of MOVE_METRICS.filter((m) => m !== 'days_enrolled')) {
    it(`${metric}: holds at its threshold exactly, not one below`, () => {
      expect(conditionHolds(cond(metric, 10), affiliate({ [`${metric}:all`]: 10 }))).toBe(true);
      expect(conditionHolds(cond(metric, 10), affiliate({ [`${metric}:all`]: 9 }))).toBe(false);
      expect(conditionHolds(cond(metric, 10), affiliate({ [`${metric}:all`]: 11 }))).toBe(true);
    });
  }

  it('days_enrolled reads the days, not a total', () => {
    expect(conditionHolds(cond('days_enrolled', 30), affiliate({}, { daysEnrolled: 30 }))).toBe(true);
    expect(conditionHolds(cond('days_enrolled', 30), affiliate({}, { daysEnrolled: 29 }))).toBe(false);
  });

  it('a window reads the windowed total, not all time', () => {
    const a = affiliate({ 'sales:all': 50, 'sales:30': 2 });
    expect(conditionHolds(cond('sales', 5, 30), a)).toBe(false);
    expect(conditionHolds(cond('sales', 5), a)).toBe(true);
  });

  it('at_least 0 always holds', () => {
    expect(conditionHolds(cond('revenue', 0), affiliate())).toBe(true);
  });
});

describe('daysBetween', () => {
  it('counts whole days, never negative', () => {
    const since = new Date('2026-01-01T12:00:00Z');
    expect(daysBetween(since, new Date('2026-01-31T11:59:59Z'))).toBe(29);
    expect(daysBetween(since, new Date('2026-01-31T12:00:00Z'))).toBe(30);
    expect(daysBetween(since, new Date('2025-12-01T00:00:00Z'))).toBe(0);
  });
});

describe('chooseMove', () => {
  it('moves at the edge: every condition at its threshold', () => {
    const r = rule({ conditions: [cond('sales', 3), cond('revenue', 10_000, 30)] });
    expect(chooseMove(affiliate({ 'sales:all': 3, 'revenue:30': 10_000 }), [r])).toBe(r);
    expect(chooseMove(affiliate({ 'sales:all': 3, 'revenue:30': 9_999 }), [r])).toBeNull();
    expect(chooseMove(affiliate({ 'sales:all': 2, 'revenue:30': 10_000 }), [r])).toBeNull();
  });

  it('needs all conditions', () => {
    const r = rule({ conditions: [cond('clicks', 100), cond('leads', 5), cond('days_enrolled', 7)] });
    expect(chooseMove(affiliate({ 'clicks:all': 100, 'leads:all': 5 }, { daysEnrolled: 6 }), [r])).toBeNull();
    expect(chooseMove(affiliate({ 'clicks:all': 100, 'leads:all': 5 }, { daysEnrolled: 7 }), [r])).toBe(r);
  });

  it('ignores rules of other groups, inactive rules, rules already applied, rules without conditions', () => {
    const a = affiliate({ 'sales:all': 10 });
    expect(chooseMove(a, [rule({ groupId: U, conditions: [cond('sales', 1)] })])).toBeNull();
    expect(chooseMove(a, [rule({ active: false, conditions: [cond('sales', 1)] })])).toBeNull();
    expect(chooseMove({ ...a, appliedRuleIds: new Set(['r1']) }, [rule({ conditions: [cond('sales', 1)] })])).toBeNull();
    expect(chooseMove(a, [rule({ conditions: [] })])).toBeNull();
  });

  it('never moves into the group it is in', () => {
    expect(chooseMove(affiliate({ 'sales:all': 10 }), [rule({ targetGroupId: G, conditions: [cond('sales', 1)] })])).toBeNull();
  });

  it('the lowest position wins when two match', () => {
    const late = rule({ id: 'a', position: 2, createdAt: new Date('2025-01-01'), conditions: [cond('sales', 1)] });
    const early = rule({ id: 'b', position: 1, targetGroupId: U, createdAt: new Date('2026-06-01'), conditions: [cond('sales', 1)] });
    expect(chooseMove(affiliate({ 'sales:all': 1 }), [late, early])).toBe(early);
  });

  it('on equal positions the oldest rule wins, then the lowest id', () => {
    const old = rule({ id: 'z', createdAt: new Date('2025-01-01'), conditions: [cond('sales', 1)] });
    const young = rule({ id: 'a', createdAt: new Date('2026-01-01'), conditions: [cond('sales', 1)] });
    expect(chooseMove(affiliate({ 'sales:all': 1 }), [young, old])).toBe(old);
    const twin = rule({ id: 'b', createdAt: old.createdAt, conditions: [cond('sales', 1)] });
    const twin2 = rule({ id: 'c', createdAt: old.createdAt, conditions: [cond('sales', 1)] });
    expect(chooseMove(affiliate({ 'sales:all': 1 }), [twin2, twin])).toBe(twin);
  });

  it('a rule whose conditions do not hold does not block a later one', () => {
    const first = rule({ id: 'a', position: 0, conditions: [cond('sales', 100)] });
    const second = rule({ id: 'b', position: 1, targetGroupId: U, conditions: [cond('sales', 1)] });
    expect(chooseMove(affiliate({ 'sales:all': 5 }), [first, second])).toBe(second);
  });

  it('a rule already applied lets the next one choose', () => {
    const first = rule({ id: 'a', position: 0, conditions: [cond('sales', 1)] });
    const second = rule({ id: 'b', position: 1, targetGroupId: U, conditions: [cond('sales', 1)] });
    expect(chooseMove(affiliate({ 'sales:all': 5 }, { appliedRuleIds: new Set(['a']) }), [first, second])).toBe(second);
  });

  it('no rules: no move', () => {
    expect(chooseMove(affiliate({ 'sales:all': 5 }), [])).toBeNull();
  });
});

describe('chooseMove, property', () => {
  const metric = fc.constantFrom(...MOVE_METRICS);
  const condition = fc.record({ metric, at_least: fc.integer({ min: 0, max: 20 }), window_days: fc.constantFrom(null, 7, 30) });
  const ruleArb = fc.record({
    id: fc.uuid(),
    groupId: fc.constantFrom(G, U),
    targetGroupId: fc.constantFrom(T, U, G),
    position: fc.integer({ min: 0, max: 3 }),
    active: fc.boolean(),
    createdAt: fc.integer({ min: 0, max: 5 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d))),
    conditions: fc.array(condition, { minLength: 1, maxLength: 5 }),
  });
  const values = fc.dictionary(
    fc.constantFrom(...['clicks', 'leads', 'sales', 'revenue', 'commissions'].flatMap((m) => [`${m}:all`, `${m}:7`, `${m}:30`])),
    fc.integer({ min: 0, max: 25 }),
  );

  it('the choice does not depend on the order the rules are given in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(ruleArb, { minLength: 0, maxLength: 8, selector: (r) => r.id }), values, fc.integer({ min: 0, max: 30 }), fc.infiniteStream(fc.nat()), (rules, v, days, seeds) => {
        const a = affiliate(v, { daysEnrolled: days });
        const shuffled = rules.map((r) => ({ r, k: seeds.next().value })).sort((x, y) => x.k - y.k).map((x) => x.r);
        const one = chooseMove(a, rules);
        const two = chooseMove(a, shuffled);
        expect(two?.id ?? null).toBe(one?.id ?? null);
        // and the chosen one is the first by priority among the eligible
        if (one) for (const r of rules) if (r !== one && chooseMove(a, [r]) === r) expect(byPriority(one, r)).toBeLessThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
