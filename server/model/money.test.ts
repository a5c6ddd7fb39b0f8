import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatMoney,
  formatRate,
  formatRatio,
  hundredthsToPercent,
  minorDigits,
  minorToDecimal,
  parseMoney,
  percentOf,
  percentToHundredths,
  proRata,
} from './money';

describe('minorDigits', () => {
  it('takes the digits of ISO 4217: usd 2, jpy 0, kwd 3, any case', () => {
    expect([minorDigits('usd'), minorDigits('JPY'), minorDigits('kwd'), minorDigits('eur'), minorDigits('clp'), minorDigits('clf')]).toEqual([2, 0, 3, 2, 0, 4]);
  });
  it('where CLDR (Intl) shows fewer digits than ISO 4217, the minor unit is still ISO', () => {
    // Intl prints IQD, HUF and IDR without decimals; 1 IQD is still 1,000 minor units.
    expect([minorDigits('iqd'), minorDigits('huf'), minorDigits('idr')]).toEqual([3, 2, 2]);
    expect(minorToDecimal(1_500, 'iqd')).toBe('1.500');
    expect(formatMoney(12_345, 'huf')).toBe('HUF\u00a0123.45');
  });
  it('refuses a code that is no currency', () => {
    expect(() => minorDigits('dollars')).toThrow(RangeError);
  });
});

describe('minorToDecimal', () => {
  it.each([
    [0, 'usd', '0.00'],
    [5, 'usd', '0.05'],
    [99, 'USD', '0.99'],
    [123456, 'usd', '1234.56'],
    [-1500, 'usd', '-15.00'],
    [5000, 'jpy', '5000'],
    [7, 'krw', '7'],
    [1234, 'kwd', '1.234'],
    [1, 'bhd', '0.001'],
    [Number.MAX_SAFE_INTEGER, 'usd', '90071992547409.91'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(minorToDecimal(minor, currency)).toBe(text);
  });
  it('refuses amounts that are not safe integers', () => {
    for (const bad of [1.5, Number.NaN, 2 ** 53]) expect(() => minorToDecimal(bad, 'usd')).toThrow(RangeError);
    expect(() => minorToDecimal(1.5, 'usd')).toThrow('not an integer amount: 1.5');
  });
  it('is exact: the printed digits read back as the same minor amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('usd', 'jpy', 'kwd', 'eur', 'clp', 'iqd'), (minor, currency) => {
        const text = minorToDecimal(minor, currency);
        const [whole, fraction = ''] = text.replace('-', '').split('.');
        expect(fraction.length).toBe(minorDigits(currency));
        expect(BigInt(whole + fraction) * (minor < 0 ? -1n : 1n)).toBe(BigInt(minor));
      }),
    );
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
    ['usd 7', 'usd', 700],
    ['EUR€ 1 234.50', 'eur', 123_450],
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
    ['10 usd', 'usd', 'enter a number'],
  ])('refuses %j in %s (%s)', (text, currency, why) => {
    const r = parseMoney(text, currency);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toContain(why);
  });
  it('takes a negative amount when asked', () => {
    expect(parseMoney('-15', 'usd', { allowNegative: true })).toEqual({ ok: true, minor: -1_500 });
    // "-0" is zero, not a negative zero that prints as "-0.00"
    expect(parseMoney('-0', 'usd', { allowNegative: true })).toEqual({ ok: true, minor: 0 });
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
    expect([formatRatio(Infinity), formatRatio(Number.NaN)]).toEqual(['—', '—']);
    expect(formatRate(25)).toBe('25%');
    expect(formatRate(12.5)).toBe('12.5%');
    expect(formatChange(110, 100)).toBe('+10.0%');
    expect(formatChange(90, 100)).toBe('−10.0%');
    expect(formatChange(5, 0)).toBeNull();
    expect(formatChange(100, 100)).toBe('0.0%');
  });
});

describe('percentOf', () => {
  it('rounds half up on the minor unit', () => {
    expect(percentOf(1000, 2550)).toBe(255); // 25.50 % of 10.00
    expect(percentOf(1, 5000)).toBe(1); // 0.5 cent rounds up
    expect(percentOf(1, 4999)).toBe(0);
    expect(percentOf(333, 3333)).toBe(111); // 110.9889 → 111
    expect(percentOf(0, 10000)).toBe(0);
    // a clawback's amount is negative: half away from zero, the mirror of the positive case
    expect([percentOf(-1000, 2550), percentOf(-1, 5000), percentOf(-1, 4999)]).toEqual([-255, -1, 0]);
  });

  it('is exact for amounts far beyond float-safe products', () => {
    // amount × rate passes 2^53 here: float math answers 1_148_417_904_979_477
    expect(percentOf(4_503_599_627_370_496, 2550)).toBe(1_148_417_904_979_476);
  });
});

describe('proRata', () => {
  it('scales by net over gross, half up', () => {
    expect(proRata(300, 5000, 10000)).toBe(150);
    expect(proRata(301, 5000, 10000)).toBe(151);
    expect(proRata(300, 0, 10000)).toBe(0);
    expect(proRata(300, 10000, 10000)).toBe(300);
    // refunded beyond the sale: nothing left to pay, never a negative commission
    expect(proRata(300, -500, 10000)).toBe(0);
  });

  it('never exceeds the full amount nor goes below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (full, gross, refunded) => {
        const net = Math.max(0, gross - refunded);
        const v = proRata(full, net, gross);
        return Number.isInteger(v) && v >= 0 && v <= full;
      }),
    );
  });
});

describe('percent hundredths', () => {
  it.each([
    [25, 2500],
    [25.5, 2550],
    [0.29, 29],
    [100, 10_000],
    [0.01, 1],
  ])('%d %% is %i hundredths and back', (percent, hundredths) => {
    expect(percentToHundredths(percent)).toBe(hundredths);
    expect(hundredthsToPercent(hundredths)).toBe(percent);
  });
  it.each([0, -5, 100.01, 12.345, Number.NaN])('refuses %d', (percent) => {
    expect(percentToHundredths(percent)).toBeNull();
  });
});
