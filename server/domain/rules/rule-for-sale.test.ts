import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleForSale, type RuleTerms } from './rule-for-sale';

type Named = RuleTerms & { name: string };
const rule = (name: string, kind: RuleTerms['kind'], more: Partial<RuleTerms> = {}): Named => ({
  name,
  kind,
  productIds: [],
  appliesToInterval: 'any',
  ...more,
});

const catchAll = rule('default', 'default');
const monthly = rule('monthly', 'interval', { appliesToInterval: 'month' });
const yearly = rule('yearly', 'interval', { appliesToInterval: 'year' });
const proA = rule('pro A', 'product', { productIds: ['prod_A'] });
const bundle = rule('bundle A+B', 'product', { productIds: ['prod_A', 'prod_B'] });
const all = [catchAll, monthly, yearly, bundle, proA];

const winner = (rules: Named[], productId?: string | null, interval?: 'one_time' | 'month' | 'year' | null) =>
  ruleForSale({ rules, productId, interval })?.name ?? null;

describe('ruleForSale', () => {
  it('prefers a product rule over interval and default', () => {
    expect(winner(all, 'prod_A', 'month')).toBe('pro A');
    expect(winner(all, 'prod_B', 'month')).toBe('bundle A+B');
  });

  it('picks the narrowest product rule whatever the order', () => {
    expect(winner([proA, bundle], 'prod_A', 'month')).toBe('pro A');
    expect(winner([bundle, proA], 'prod_A', 'month')).toBe('pro A');
  });

  it('falls back to the interval rule, then to the catch-all', () => {
    expect(winner(all, 'prod_Z', 'month')).toBe('monthly');
    expect(winner(all, 'prod_Z', 'year')).toBe('yearly');
    expect(winner(all, 'prod_Z', 'one_time')).toBe('default');
    expect(winner(all, null, 'month')).toBe('monthly');
    expect(winner(all, undefined, undefined)).toBe('default');
  });

  it('never lets an interval rule match a sale of unknown interval', () => {
    expect(winner([monthly], 'prod_A', null)).toBeNull();
  });

  it('skips rules limited to another interval', () => {
    const yearlyOnlyA = rule('A yearly', 'product', { productIds: ['prod_A'], appliesToInterval: 'year' });
    const monthlyDefault = rule('monthly default', 'default', { appliesToInterval: 'month' });
    expect(winner([yearlyOnlyA, catchAll], 'prod_A', 'month')).toBe('default');
    expect(winner([yearlyOnlyA, catchAll], 'prod_A', 'year')).toBe('A yearly');
    expect(winner([monthlyDefault], 'prod_A', 'one_time')).toBeNull();
    expect(winner([monthlyDefault], 'prod_A', 'month')).toBe('monthly default');
  });

  it('answers null when the campaign has no rule', () => {
    expect(winner([], 'prod_A', 'month')).toBeNull();
    expect(winner([proA], 'prod_B', 'one_time')).toBeNull();
  });
});

describe('ruleForSale precedence (property)', () => {
  const interval = fc.constantFrom('one_time' as const, 'month' as const, 'year' as const);
  const anyRule = fc.record({
    name: fc.string(),
    kind: fc.constantFrom('default' as const, 'product' as const, 'interval' as const),
    productIds: fc.uniqueArray(fc.constantFrom<string>('prod_A', 'prod_B', 'prod_C'), { minLength: 1 }),
    appliesToInterval: fc.constantFrom('any' as const, 'one_time' as const, 'month' as const, 'year' as const),
  });

  it('returns one of the given rules, never a lower tier while a higher one applies', () => {
    fc.assert(
      fc.property(fc.array(anyRule, { maxLength: 8 }), fc.option(fc.constantFrom<string>('prod_A', 'prod_B', 'prod_Z')), fc.option(interval), (rules, productId, iv) => {
        const won = ruleForSale({ rules, productId, interval: iv });
        const covers = (r: RuleTerms) => r.appliesToInterval === 'any' || r.appliesToInterval === iv;
        const productRules = rules.filter((r) => r.kind === 'product' && productId && r.productIds.includes(productId) && covers(r));
        const intervalRules = rules.filter((r) => r.kind === 'interval' && iv && r.appliesToInterval === iv);
        const defaults = rules.filter((r) => r.kind === 'default' && covers(r));
        if (won) expect(rules).toContain(won);
        if (productRules.length) {
          expect(productRules).toContain(won);
          expect(won!.productIds.length).toBe(Math.min(...productRules.map((r) => r.productIds.length)));
        } else if (intervalRules.length) expect(intervalRules).toContain(won);
        else if (defaults.length) expect(defaults).toContain(won);
        else expect(won).toBeNull();
      }),
    );
  });
});

describe('ruleForSale with partner groups', () => {
  const G = 'group-top';
  const groupDefault = rule('group default', 'default', { groupId: G });
  const groupProA = rule('group pro A', 'product', { productIds: ['prod_A'], groupId: G });
  const groupMonthly = rule('group monthly', 'interval', { appliesToInterval: 'month', groupId: G });
  const otherGroupDefault = rule('other group default', 'default', { groupId: 'group-other' });
  const pick = (rules: Named[], groupId: string | null, productId?: string | null, interval?: 'one_time' | 'month' | 'year' | null) =>
    ruleForSale({ rules, productId, interval, groupId })?.name ?? null;

  it("a group's product rule beats the campaign's product rule", () => {
    expect(pick([proA, groupProA, catchAll], G, 'prod_A', 'month')).toBe('group pro A');
    // even when the campaign's is narrower than another group rule naming more products
    const groupBundle = rule('group bundle', 'product', { productIds: ['prod_A', 'prod_B'], groupId: G });
    expect(pick([proA, groupBundle], G, 'prod_A', 'month')).toBe('group bundle');
  });

  it("the campaign's product rule beats a group's catch-all (the more specific kind first)", () => {
    expect(pick([proA, groupDefault, catchAll], G, 'prod_A', 'month')).toBe('pro A');
    expect(pick([monthly, groupDefault, catchAll], G, 'prod_Z', 'month')).toBe('monthly');
  });

  it("a group's catch-all beats the campaign's catch-all, and a group's interval rule the campaign's", () => {
    expect(pick([catchAll, groupDefault], G, 'prod_Z', 'one_time')).toBe('group default');
    expect(pick([monthly, groupMonthly, catchAll], G, null, 'month')).toBe('group monthly');
  });

  it("never applies another group's rules, nor any group's to an affiliate without one", () => {
    expect(pick([catchAll, otherGroupDefault], G, 'prod_A', 'month')).toBe('default');
    expect(pick([catchAll, groupDefault, groupProA], null, 'prod_A', 'month')).toBe('default');
    expect(pick([groupDefault], 'group-other', 'prod_A', 'month')).toBeNull();
  });

  it('without group rules, a group changes nothing (property)', () => {
    const rules = fc.array(
      fc.record({
        name: fc.string({ maxLength: 4 }),
        kind: fc.constantFrom('default' as const, 'product' as const, 'interval' as const),
        productIds: fc.subarray(['prod_A', 'prod_B', 'prod_C']),
        appliesToInterval: fc.constantFrom('any' as const, 'month' as const, 'year' as const, 'one_time' as const),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(rules, fc.constantFrom('prod_A', 'prod_B', null), fc.constantFrom('month' as const, 'year' as const, null), (rs, p, i) => {
        expect(ruleForSale({ rules: rs, productId: p, interval: i, groupId: G })).toBe(ruleForSale({ rules: rs, productId: p, interval: i }));
      }),
    );
  });
});
