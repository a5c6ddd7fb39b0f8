import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMajor, minorDigits } from './minor-units';

describe('formatMajor', () => {
  it.each([
    [0, 'usd', '0.00'],
    [5, 'usd', '0.05'],
    [99, 'USD', '0.99'],
    [100, 'eur', '1.00'],
    [123456, 'usd', '1234.56'],
    [-1500, 'usd', '-15.00'],
    [5000, 'jpy', '5000'],
    [7, 'krw', '7'],
    [1234, 'kwd', '1.234'],
    [1, 'bhd', '0.001'],
    [Number.MAX_SAFE_INTEGER, 'usd', '90071992547409.91'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(formatMajor(minor, currency)).toBe(text);
  });

  it('refuses amounts that are not safe integers', () => {
    for (const bad of [1.5, Number.NaN, 2 ** 53]) expect(() => formatMajor(bad, 'usd')).toThrow(RangeError);
  });

  it('is exact: the printed digits read back as the same minor amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('usd', 'jpy', 'kwd', 'eur', 'clp'), (minor, currency) => {
        const text = formatMajor(minor, currency);
        const [whole, fraction = ''] = text.replace('-', '').split('.');
        expect(fraction.length).toBe(minorDigits(currency));
        expect(BigInt(whole + fraction) * (minor < 0 ? -1n : 1n)).toBe(BigInt(minor));
      }),
    );
  });
});
