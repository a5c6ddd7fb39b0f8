import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChange, formatMoney, formatRate, formatRatio, minorDigits, minorToDecimal, parseMoney } from './money';

describe('minorDigits', () => {
  it('reads the digits from Intl: usd 2, jpy 0, kwd 3, any case', () => {
    expect([minorDigits('usd'), minorDigits('JPY'), minorDigits('kwd'), minorDigits('eur'), minorDigits('clp')]).toEqual([2, 0, 3, 2, 0]);
  });
  it('refuses a code that is no currency', () => {
    expect(() => minorDigits('dollars')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each([
    [500_000, 'usd', '$5,000.00'],
    [5_000, 'jpy', '¥5,000'],
    [1_234, 'kwd', 'KWD\u00a01.234'],
    [-1_500, 'usd', '-$15.00'],
    [5, 'usd', '$0.05'],
    [Number.MAX_SAFE_INTEGER, 'usd', '$90,071,992,547,409.91'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });
  it('a ¥5,000 sale reads as ¥5,000, not ¥50', () => {
    expect(formatMoney(5000, 'jpy')).toBe('¥5,000');
  });
  it('compact for chart axes', () => {
    expect(formatMoney(123_456, 'usd', { compact: true })).toBe('$1.2K');
  });
  it('refuses amounts that are not safe integers', () => {
    for (const bad of [1.5, Number.NaN, 2 ** 53]) expect(() => formatMoney(bad, 'usd')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['49', 'usd', 4_900],
    ['49.9', 'usd', 4_990],
    ['1,234.50', 'usd', 123_450],
    ['$ 10', 'usd', 1_000],
    ['USD 10.01', 'usd', 1_001],
    ['5000', 'jpy', 5_000],
    ['¥5,000', 'jpy', 5_000],
    ['1.234', 'kwd', 1_234],
    ['0', 'usd', 0],
    ['.5', 'usd', 50],
  ])('%s %s → %i', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toEqual({ ok: true, minor });
  });
  it.each([
    ['', 'usd', 'enter a number'],
    ['abc', 'usd', 'enter a number'],
    ['0.001', 'usd', 'at most 2 decimals'],
    ['5.5', 'jpy', 'JPY has no decimals'],
    ['-5', 'usd', '0 or more'],
    ['1,23', 'usd', 'enter a number'],
    ['99999999999999999', 'usd', 'too large'],
  ])('refuses %j in %s (%s)', (text, currency, why) => {
    const r = parseMoney(text, currency);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toContain(why);
  });
  it('takes a negative amount when asked', () => {
    expect(parseMoney('-15', 'usd', { allowNegative: true })).toEqual({ ok: true, minor: -1_500 });
  });
  it('reads back what it printed, exactly, in every currency shape', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), fc.constantFrom('usd', 'jpy', 'kwd', 'eur', 'clp'), (minor, currency) => {
        const printed = minorToDecimal(minor, currency);
        expect(parseMoney(printed, currency, { allowNegative: true })).toEqual({ ok: true, minor });
      }),
    );
  });
});

describe('percent helpers', () => {
  it('formats ratios, rates and changes', () => {
    expect(formatRatio(0.1234)).toBe('12.3%');
    expect(formatRatio(null)).toBe('—');
    expect(formatRate(25)).toBe('25%');
    expect(formatRate(12.5)).toBe('12.5%');
    expect(formatChange(110, 100)).toBe('+10.0%');
    expect(formatChange(90, 100)).toBe('−10.0%');
    expect(formatChange(5, 0)).toBeNull();
  });
});
